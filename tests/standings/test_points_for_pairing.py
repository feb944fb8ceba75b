"""Pairing reads each entrant's points and rank from the stored standings when they are
current (no request waiting), and computes them when a change is still waiting for the
standings task (issue 47: at 10,000 entrants computing them was most of a pairing)."""

import pytest

from standings.computing import do_store_standings
from tests.tournaments.helpers import make_event, play
from tournaments.models import StandingRow, StandingsRequest
from tournaments.ranking import points_and_ranks

pytestmark = pytest.mark.django_db


def played_and_stored(league, organiser):
    event = make_event(league, organiser, players=8)
    play(event, 1)
    do_store_standings(event)
    StandingsRequest.objects.filter(event=event).delete()  # the task has run
    return event


def test_the_stored_rows_answer_while_they_are_current(league, organiser):
    event = played_and_stored(league, organiser)
    row = StandingRow.objects.filter(event=event).first()
    StandingRow.objects.filter(pk=row.pk).update(points=99, rank=42)

    assert points_and_ranks(event)[row.entrant_id] == (99, 42)


def test_a_waiting_request_has_them_computed_from_the_results(league, organiser):
    event = played_and_stored(league, organiser)
    row = StandingRow.objects.filter(event=event).first()
    StandingRow.objects.filter(pk=row.pk).update(points=99, rank=42)
    StandingsRequest.objects.create(event=event)

    assert points_and_ranks(event)[row.entrant_id] == (row.points, row.rank)
    assert len(points_and_ranks(event)) == 8
