"""The end of a round: checked at the end of a turn, three conditions."""

from games.call_to_glory import validate_record
from games.call_to_glory.round_end import round_over

from .builders import at, load


def test_six_different_values_end_a_two_player_round():
    result = validate_record(load("rulebook-60-36.json"))
    assert result["valid"] and result["rounds"][0]["base"] == [60, 36]


def test_four_different_values_end_a_four_player_round():
    state = at([], players=("a", "b", "c", "d"))
    state.sets[2] = [2, 2, 2, 0, 0, 0, 0, 0, 2]
    state.nvals[2] = 4
    assert round_over(state)
    state.nvals[2] = 3
    assert not round_over(state)


def test_all_nine_values_on_the_table_end_the_round():
    state = at([])
    state.onboard = 9
    assert round_over(state)


def test_an_empty_draw_pile_ends_the_round_but_only_at_the_end_of_the_turn():
    state = at([])
    state.piles[1] = state.piles[1][-1:]
    state.apply("0 draw D2")
    assert not state.is_over()
    state.apply("0 draw D1")
    state.apply("0 discard 6 X1")
    assert state.is_over()


def test_a_move_after_the_round_has_ended_is_an_error_at_that_move():
    record = load("rulebook-60-36.json")
    record["rounds"][0]["moves"].append("1 draw D1")
    assert validate_record(record)["error"] == {
        "round": 1, "move": 34, "text": "1 draw D1", "reason": "the round has already ended"
    }  # fmt: skip


def test_a_round_that_stops_before_its_end_is_an_error_not_in_a_move():
    record = load("rulebook-60-36.json")
    record["rounds"][0]["moves"].pop()
    assert validate_record(record)["error"] == {
        "round": None, "move": None, "text": None, "reason": "round 1 stops before its end"
    }  # fmt: skip


def test_an_incomplete_record_may_stop_its_last_round_early():
    record = load("rulebook-60-36.json")
    record["rounds"][0]["moves"].pop()
    record["complete"] = False
    assert validate_record(record) == {
        "valid": True, "players": ["alice", "bob"], "rounds": [], "totals": [0, 0],
        "places": [1, 1], "complete": False,
    }  # fmt: skip
