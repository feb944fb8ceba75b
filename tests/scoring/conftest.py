import pytest

from games.catalogue_games import do_add_catalogue_game
from games.registry import forget_catalogue
from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.fixtures.personas import make_user
from tests.games.call_to_adventure.examples import RIVAL, SUZANNE
from tournaments.models import Entrant, Seat


@pytest.fixture
def one_round_table(table):
    """The personas' table in a one-round Call to Glory event: one entry ends the game."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    return table


@pytest.fixture
def adventure_table(table, player, other_player):
    """The personas' table in a Call to Adventure event, its result agreed: the
    rulebook's Suzanne (40, second) and her rival (41, first)."""
    event = table.round.event
    event.game = "call-to-adventure"
    event.save()
    submission = do_submit_result(
        table, Submission.Kind.ADVENTURE, {"players": [SUZANNE, RIVAL]}, player
    )
    do_confirm_result(submission, other_player)
    return table


def glory_round(first: dict, second: dict) -> dict:
    return {"rounds": [{"sets": [first, second]}]}


RULEBOOK_ROUND = glory_round({"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2}, {"20": 3, "16": 3})


@pytest.fixture
def fresh_catalogue():
    """The registry's catalogue games read afresh (a test's rows are rolled back unseen)."""
    forget_catalogue()
    yield
    forget_catalogue()


@pytest.fixture
def third_player(django_user_model):
    return make_user(django_user_model, "rita_player")


def three_seats(table, game_key: str, third_player):
    """The personas' table, in an event of ``game_key``, with a third seat."""
    event = table.round.event
    event.game, event.table_size, event.points_by_place = game_key, 3, [3, 1, 0]
    event.save()
    third = Entrant.objects.create(event=event, user=third_player, name=str(third_player))
    Seat.objects.create(table=table, entrant=third, position=2)
    return table


@pytest.fixture
def hearts_table(fresh_catalogue, table, third_player):
    """A table of Hearts, a catalogue game the lowest score wins, with three players."""
    do_add_catalogue_game(
        None, name="Hearts", min_players=3, max_players=6, scoring="low", ties="share"
    )
    return three_seats(table, "hearts", third_player)


@pytest.fixture
def race_table(fresh_catalogue, table, third_player):
    """A table of Camel Race, a catalogue game of finishing places, ties broken."""
    do_add_catalogue_game(
        None,
        name="Camel Race",
        min_players=2,
        max_players=5,
        scoring="places",
        ties="tiebreak-entered",
    )
    return three_seats(table, "camel-race", third_player)
