import pytest

from games.call_to_glory.bots import BOTS

from .helpers import play

VARIANTS = {
    "plain": {"rounds": 1},
    "ninja": {"rounds": 1, "ninja": True},
    "imperial tasks": {"rounds": 2, "imperial_tasks": True},
    "both variants": {"rounds": 2, "imperial_tasks": True, "ninja": True},
}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_bot_plays_only_legal_moves_through_a_whole_game(variant, players):
    keys = ["search", "greedy", "random", "greedy"][:players]
    state = play(keys, VARIANTS[variant], seed=players)
    result = state.result()
    assert len(result["rounds"]) == VARIANTS[variant]["rounds"]
    assert sorted(result["places"])[0] == 1


@pytest.mark.parametrize(
    "key,sizes",
    [
        ("easy", (2, 3, 4)),
        ("medium", (2, 3, 4)),
        ("beginner", (2, 3, 4)),
        # The search levels are the search bot, played above at every size; once here.
        ("hard", (2,)),
        ("search-v1", (2,)),
    ],
)
def test_each_level_plays_only_legal_moves(key, sizes):
    for players in sizes:
        keys = [key, "greedy", "random", "easy"][:players]
        state = play(keys, {"rounds": 1, "imperial_tasks": True, "ninja": True}, seed=players)
        assert len(state.result()["rounds"]) == 1


def test_the_registry_holds_every_bot_with_names_and_declared_options():
    assert sorted(BOTS) == ["easy", "greedy", "hard", "medium", "random", "search", "search-v1"]
    for key, kind in BOTS.items():
        assert kind.key == key
        assert kind.name
        assert isinstance(kind.options, dict)
    assert "iterations" in BOTS["search"].options
