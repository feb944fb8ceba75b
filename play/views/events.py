"""The organiser's page for an event's pace of play (the page of
``PUT /api/events/SLUG/play/``): live or by correspondence, the time for a move, what
happens past it."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from lib.refusal_pages import carried_out, form_page
from play.forms import PaceForm
from play.pace import pace_words, stand_in_game
from play.starting import do_set_event_play, event_clock
from tournaments.permissions import access_event_as_organiser


@login_required
def event_pace(request, slug):
    event = access_event_as_organiser(request.user, slug)
    clock = event_clock(event)
    game = stand_in_game(event.game)
    form = PaceForm(request.POST or None, initial=PaceForm.initial_of(clock), game=game)
    saved = None
    if request.method == "POST" and form.is_valid():
        saved = carried_out(request, do_set_event_play, event, *form.clock_values(), form=form)
        if saved:
            messages.success(
                request,
                _("Pace of play saved. %(pace)s") % {"pace": pace_words(saved.answer, game)},
            )
            return redirect("event-detail", slug=event.slug)
    context = {"event": event, "form": form, "current": pace_words(clock, game)}
    return form_page(request, "play/event_pace.html", context, saved)
