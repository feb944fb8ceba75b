"""Starting a game: players, options (dict or Options), a seeded random.Random."""

import random

import pytest

from games.call_to_glory import Options, new_game


def test_missing_options_take_the_spec_defaults():
    assert new_game(["a", "b"], {}, random.Random(1)).opts == Options(4, False, False)
    assert new_game(["a", "b"], {"imperial_tasks": True}, random.Random(1)).opts.rounds == 3


def test_an_options_dataclass_is_accepted():
    state = new_game(["a", "b"], Options(rounds=1, ninja=True), random.Random(1))
    assert state.record()["options"] == {"rounds": 1, "imperial_tasks": False, "ninja": True}


def test_unknown_options_and_bad_player_counts_raise_value_error():
    with pytest.raises(ValueError, match="unknown option 'turbo'"):
        new_game(["a", "b"], {"turbo": True}, random.Random(1))
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(["a"], {}, random.Random(1))


def test_the_same_seed_deals_the_same_game():
    def deal(seed):
        return new_game(["a", "b", "c"], {"imperial_tasks": True}, random.Random(seed)).record()

    assert deal(7) == deal(7) and deal(7) != deal(8)


def test_a_new_game_is_dealt_and_its_record_is_incomplete():
    state = new_game(["a", "b"], {"rounds": 1}, random.Random(1))
    record = state.record()
    assert record["complete"] is False and len(record["rounds"]) == 1
    assert sorted(
        sum(record["rounds"][0]["hands"], []) + sum(record["rounds"][0]["draw_piles"], [])
    ) == sorted(  # fmt: skip
        v for v in (6, 7, 8, 9, 12, 14, 16, 18, 20) for _ in range(v)
    )
    assert state.current_player() == 0 and not state.is_over()
    assert state.result()["complete"] is False


def test_a_game_replayed_from_a_record_between_rounds_is_dealt_on_and_played_to_the_end():
    from games.call_to_glory import replay, validate_record

    state = new_game(["a", "b"], {"rounds": 2}, random.Random(4))
    rng = random.Random(4)
    while not state.results:
        state.apply(rng.choice(state.legal_moves()))
    record = state.record()
    record["rounds"].pop()  # stored between rounds: round 2 not dealt yet
    resumed = replay(record)
    assert resumed.needs_deal() and resumed.current_player() is None
    resumed.deal_round(random.Random(9))
    assert resumed.current_player() == resumed.start
    while not resumed.is_over():
        resumed.apply(rng.choice(resumed.legal_moves()))
    assert validate_record(resumed.record()) == resumed.result()
