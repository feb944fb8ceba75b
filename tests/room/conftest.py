"""The room's people and the event they work at: a judge (of table 1 only, unless a
test widens it), a scorekeeper, and for the fast desk a Camel Race (a catalogue game of
places) whose round 1 has eight tables of four."""

import pytest

from games.catalogue_games import do_add_catalogue_game
from games.registry import forget_catalogue
from tests.fixtures.personas import make_user
from tournaments.entrants import do_add_walk_in
from tournaments.models import EventRole, Round, Seat, Table


@pytest.fixture
def judge(django_user_model):
    return make_user(django_user_model, "jude_judge")


@pytest.fixture
def scorekeeper(django_user_model):
    return make_user(django_user_model, "sam_scorekeeper")


@pytest.fixture
def roles(event, judge, scorekeeper, organiser):
    """``judge`` judges table 1; ``scorekeeper`` keeps score."""
    EventRole.objects.create(event=event, user=judge, role="judge", tables=[1], named_by=organiser)
    EventRole.objects.create(event=event, user=scorekeeper, role="scorekeeper", named_by=organiser)


@pytest.fixture
def fresh_catalogue():
    forget_catalogue()
    yield
    forget_catalogue()


def race_event(event):
    """``event`` made a Camel Race of tables of four, ties shared."""
    do_add_catalogue_game(
        None, name="Camel Race", min_players=2, max_players=5, scoring="places", ties="share"
    )
    event.game, event.table_size, event.points_by_place = "camel-race", 4, [4, 3, 2, 1]
    event.save()
    return event


@pytest.fixture
def race_round(fresh_catalogue, event):
    """Round 1 of a Camel Race with eight tables of four walk-ins, published."""
    race_event(event)
    round_ = Round.objects.create(event=event, number=1)
    for number in range(1, 9):
        table = Table.objects.create(round=round_, number=number)
        for position in range(4):
            entrant = do_add_walk_in(event, f"Rider {number}-{position + 1}")
            Seat.objects.create(table=table, entrant=entrant, position=position)
    return round_
