import pytest


@pytest.fixture
def one_round_table(table):
    """The personas' table in a one-round Call to Glory event: one entry ends the game."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    return table


def glory_round(first: dict, second: dict) -> dict:
    return {"rounds": [{"sets": [first, second]}]}


RULEBOOK_ROUND = glory_round({"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2}, {"20": 3, "16": 3})
