"""Golden playthroughs: seeded games, one per variant combination, committed as records
with their results. A change in dealing, move order or scoring shows up as a diff here.
Regenerate on purpose with
``.venv/bin/python -m tests.games.call_to_glory.test_golden_playthroughs``.
"""

import random

import pytest

from games.call_to_glory import new_game, validate_record

from .builders import load, save

GAMES = {
    "golden-2p-plain": (2, {"rounds": 2}),
    "golden-3p-ninja": (3, {"rounds": 2, "ninja": True}),
    "golden-4p-tasks": (4, {"imperial_tasks": True}),
    "golden-3p-both": (3, {"rounds": 3, "ninja": True, "imperial_tasks": True}),
}


def play(name: str) -> dict:
    players, options = GAMES[name]
    state = new_game([f"p{i}" for i in range(players)], options, random.Random(2026))
    policy = random.Random(11)
    while not state.is_over():
        state.apply(policy.choice(state.legal_moves()))
    return state.record()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seeded_game_plays_exactly_as_its_golden_record(name):
    record = play(name)
    assert record == load(f"{name}.json")
    assert validate_record(record) == load(f"{name}.result.json")


if __name__ == "__main__":
    for name in GAMES:
        record = play(name)
        save(f"{name}.json", record)
        save(f"{name}.result.json", validate_record(record))
