"""Registering, withdrawing and checking in from the event's page; organisers check
people in from the entrants page and drop the no-shows."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal_pages import back_to, carried_out
from tournaments.check_in import do_check_in, do_drop_no_shows
from tournaments.permissions import (
    access_entrant_as_organiser,
    access_event,
    access_event_as_organiser,
)
from tournaments.registration import do_register, do_withdraw


@login_required
@require_POST
def register(request, slug):
    event = access_event(request.user, slug)
    if done := carried_out(request, do_register, event, request.user):
        entrant = event.entrants.get(user=request.user)
        if entrant.is_waitlisted:
            messages.info(
                request,
                _("The event is full: you are number %(n)s on the waitlist.")
                % {"n": entrant.waitlist_place},
            )
        else:
            messages.success(request, _("You are entered."))
    return back_to(request, done, "event-detail", slug=slug)


@login_required
@require_POST
def withdraw(request, slug):
    event = access_event(request.user, slug)
    entrant = get_object_or_404(event.entrants, user=request.user)
    if done := carried_out(request, do_withdraw, entrant, request.user):
        messages.info(request, _("You have withdrawn from %(event)s.") % {"event": event.name})
    return back_to(request, done, "event-detail", slug=slug)


@login_required
@require_POST
def check_in(request, slug):
    """One tap on the event's page (the registration e-mail links to it)."""
    event = access_event(request.user, slug)
    entrant = get_object_or_404(event.entrants, user=request.user)
    if done := carried_out(request, do_check_in, entrant, request.user):
        messages.success(request, _("You are checked in."))
    return back_to(request, done, "event-detail", slug=slug)


@login_required
@require_POST
def check_in_entrant(request, slug, entrant_id):
    entrant = access_entrant_as_organiser(request.user, slug, entrant_id)
    if done := carried_out(request, do_check_in, entrant, request.user):
        messages.success(request, _("%(name)s is checked in.") % {"name": entrant.name})
    return back_to(request, done, "event-entrants", slug=slug)


@login_required
@require_POST
def drop_no_shows(request, slug):
    event = access_event_as_organiser(request.user, slug)
    dropped = do_drop_no_shows(event, request.user)
    if dropped:
        messages.info(
            request,
            _("Dropped, not checked in: %(names)s.")
            % {"names": ", ".join(e.name for e in dropped)},
        )
    return redirect(
        request.POST.get("next") == "entrants" and "event-entrants" or "event-detail", slug=slug
    )
