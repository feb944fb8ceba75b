"""The fast desk's page (``/events/SLUG/fast-desk/``, organisers and scorekeepers): a
keyboard-first form (static/js/fast_desk.js: the table's number, a place or score per
seat, Enter saves through the API, ``room.api``) and the round's live part ("X of Y
tables reported", the tables still missing, and the state the form reads), drawn again
when the desk's stamp moves on (``room.views.push``)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from room.api import DeskSerializer
from room.desk import desk_round
from scoring.desk_changes import desk_stamp
from tournaments import lifecycle
from tournaments.permissions import access_event_as_scorekeeper


@login_required
def fast_desk(request, slug: str):
    event = access_event_as_scorekeeper(request.user, slug)
    stamp = desk_stamp(event.pk)  # before what it shows: a change between is pushed
    round_ = desk_round(event)
    state = lifecycle.state_of(event)
    return render(
        request,
        "room/desk.html",
        {
            "event": event,
            "stamp": stamp,
            "round": round_,
            "state": DeskSerializer(round_).data,
            "places": round_.kind == "places/1",
            # The desk types while the life cycle offers entering results: a round is
            # being played (docs/lifecycle.md); otherwise it says where the event is.
            "typing": state.stage == lifecycle.Stage.PLAYING,
            "stage": lifecycle.stage_words(state),
        },
    )
