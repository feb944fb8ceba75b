"""Example tableaux for the tests: the rulebook's Suzanne, and tables around her."""

import copy

FORMAT = "call-to-adventure/1"

SUZANNE = {
    "name": "Suzanne",
    "printed": {"triumph": 17, "tragedy": 2},
    "story_icons": {"nature": 4},
    "abilities": {"wisdom": 3},
    "corruption": {"level": 4},
    "experience": 2,
    "hero_cards": 2,
    "antihero_cards": 1,
    "destiny": {"triumph": 4, "tragedy": 0},
}

# The hero beside her at a real table of two (41: she places second).
RIVAL = {
    "printed": {"triumph": 20, "tragedy": 6},
    "story_icons": {"royalty": 3},
    "corruption": {"level": 3},
    "experience": 3,
    "destiny": {"triumph": 6, "tragedy": 0},
}


def suzanne(**changes) -> dict:
    """The rulebook's worked example (Destiny 40), with some keys changed."""
    player = copy.deepcopy(SUZANNE)
    player.update(changes)
    return player


def hero(name: str, printed: int, **changes) -> dict:
    """A plain quick-entry hero: ``printed`` Triumph, neutral, nothing else."""
    player = {
        "name": name,
        "printed": {"triumph": printed, "tragedy": 0},
        "corruption": {"level": 5},
        "destiny": {"triumph": 0, "tragedy": 0},
    }
    player.update(changes)
    return player


def table(*players, **top) -> dict:
    return {"format": FORMAT, "players": list(players), **top}


def error_of(answer: dict) -> tuple:
    assert answer["valid"] is False, answer
    error = answer["error"]
    return error["player"], error["field"]
