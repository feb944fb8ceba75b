"""The calendar feeds (``integrations.calendars``) and the page where a person finds
and resets the address of theirs."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from integrations.calendars import address, do_reset_token, league_feed, person_feed, token_of
from integrations.models import CalendarToken
from tournaments.models import Visibility
from tournaments.permissions import access_league


def ical(body: bytes) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response


@require_GET
def league_calendar(_request, slug):
    """The league's public events, for anyone (a calendar app sends no cookie)."""
    league, events = access_league(AnonymousUser(), slug)
    public = [event for event in events if event.visibility == Visibility.PUBLIC]
    return ical(league_feed(league, public))


@require_GET
def person_calendar(_request, token):
    found = get_object_or_404(CalendarToken.objects.select_related("user"), token=token)
    with translation.override(found.user.language or translation.get_language()):
        return ical(person_feed(found.user))


@login_required
def calendar_page(request):
    token = token_of(request.user)
    feed = address(reverse("integrations-person-calendar", args=[token.token]))
    return render(request, "integrations/calendar.html", {"feed": feed})


@require_POST
@login_required
def calendar_reset(request):
    do_reset_token(request.user)
    messages.success(request, _("Your calendar has a new address; the old one no longer works."))
    return redirect("integrations-calendar")
