from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Event, League, StandingRow, Visibility
from tournaments.permissions import access_event, access_event_as_organiser, is_event_organiser
from tournaments.results import request_standings_update


def home(request):
    leagues = League.objects.filter(visibility=Visibility.PUBLIC)
    events = Event.objects.select_related("season__league").filter(visibility=Visibility.PUBLIC)
    if request.user.is_authenticated:
        mine = Q(organisers=request.user) | Q(created_by=request.user)
        leagues = League.objects.filter(Q(visibility=Visibility.PUBLIC) | mine).distinct()
        events = (
            Event.objects.select_related("season__league")
            .filter(Q(visibility=Visibility.PUBLIC) | mine | Q(entrants__user=request.user))
            .distinct()
        )
    return render(request, "home.html", {"leagues": leagues, "events": events[:50]})


def event_detail(request, slug):
    event = access_event(request.user, slug)
    rows = StandingRow.objects.filter(event=event).select_related("entrant")
    return render(
        request,
        "tournaments/event_detail.html",
        {"event": event, "rows": rows, "is_organiser": is_event_organiser(request.user, event)},
    )


@login_required
@require_POST
def recompute_standings(request, slug):
    event = access_event_as_organiser(request.user, slug)
    request_standings_update(event)
    messages.info(request, _("The standings are being recomputed."))
    return redirect("event-detail", slug=event.slug)
