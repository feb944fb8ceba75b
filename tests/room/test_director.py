"""The director's view (room.director): per round, tables done against still playing,
the time left and the tables on extra time, for organisers and judges only; read in a
fixed number of queries, however many tables."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from room.calls import do_call_judge
from room.director import director_rounds
from scoring.deciding import do_override_result
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(table, organiser, player):
    """Round 1 with tables 1 (its result in) and 2 (three extra minutes, a judge called),
    its clock running 20 minutes more."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    round_ = table.round
    second = Table.objects.create(round=round_, number=2)
    for seat in table.seats.all():
        Seat.objects.create(table=second, entrant=seat.entrant, position=seat.position)
    round_.clock_ends_at = timezone.now() + timedelta(minutes=20)
    round_.clock_extra = {"2": 3}
    round_.save()
    do_override_result(table, "call-to-glory-table/1", RULEBOOK_ROUND, organiser, "at the desk")
    do_call_judge(second, player, "A rules question")
    return round_


def test_the_director_sees_done_against_playing_and_the_extra_time(
    roles, client_for, judge, running, event
):
    page = client_for(judge).get(f"/events/{event.slug}/director/").content.decode()
    assert "1</strong> of 2 tables done, <strong>1</strong> still playing" in page
    assert "On extra time: table 2 (+3 min)" in page
    assert "Pat Player, Quinn Player" in page and "waiting for a judge" in page
    (state,) = director_rounds(event)
    (playing,) = state.playing
    assert playing.number == 2 and playing.extra_minutes == 3
    assert 22 * 60 < playing.seconds_left <= 23 * 60


def test_its_queries_do_not_grow_with_the_tables(roles, running, event):
    with CaptureQueriesContext(connection) as few:
        director_rounds(event)
    for number in range(3, 13):
        Table.objects.create(round=running, number=number)
    with CaptureQueriesContext(connection) as many:
        director_rounds(event)
    assert len(many) == len(few) <= 5


def test_only_organisers_and_judges_open_it(
    roles, client_for, scorekeeper, player, organiser, event
):
    url = f"/events/{event.slug}/director/"
    assert client_for(scorekeeper).get(url).status_code == 403
    assert client_for(player).get(url).status_code == 403
    assert client_for(organiser).get(url).status_code == 200
