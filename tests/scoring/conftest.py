import pytest

from scoring.models import Submission
from scoring.submissions import do_confirm_result, do_submit_result
from tests.games.call_to_adventure.examples import RIVAL, SUZANNE


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
