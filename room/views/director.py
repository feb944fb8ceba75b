"""The director's view (``/events/SLUG/director/``, organisers and judges): the rounds
being played, tables done against still playing, time left and the tables on extra
time (``room.director``), drawn again by its push stream (``room.views.push``)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from room.director import director_rounds, director_stamp
from tournaments.permissions import access_event_as_judge


@login_required
def director(request, slug: str):
    event = access_event_as_judge(request.user, slug)
    stamp = director_stamp(event.pk)  # before what it shows: a change between is pushed
    return render(
        request,
        "room/director.html",
        {"event": event, "stamp": stamp, "rounds": director_rounds(event)},
    )
