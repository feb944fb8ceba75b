"""The rulebooks' examples as records, with their known results."""

import pytest

from games.call_to_glory import replay, validate_record
from games.call_to_glory.cards import INDEX

from .builders import FIXTURES, load
from .make_fixtures import EXAMPLES, build


def test_the_rulebook_round_scores_60_to_36_exactly_as_the_spec_example():
    record = (FIXTURES / "rulebook-60-36.json").read_text()
    assert validate_record(record) == load("rulebook-60-36.result.json")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_example_fixture_is_what_its_script_builds_and_validates_to_its_result(name):
    assert build(name) == load(f"{name}.json")
    assert validate_record(load(f"{name}.json")) == load(f"{name}.result.json")


def moves_until(record, move):
    return record["rounds"][0]["moves"].index(move) + 1


def test_four_farmers_are_displaced_by_six_and_go_to_one_discard_pile():
    record = load("farmers-four-displaced-by-six.json")
    before = replay(record, moves_until(record, "1 lay 20 6"))
    assert before.current_player() == 0  # seat 0 now places its displaced set
    assert before.sets[0][INDEX[20]] == 0 and before.sets[1][INDEX[20]] == 6
    after = replay(record, moves_until(record, "0 pile X1"))
    assert after.piles[2][-4:] == [INDEX[20]] * 4
    assert load("farmers-four-displaced-by-six.result.json")["rounds"][0]["base"] == [0, 20]


def test_three_ninjas_are_replaced_by_the_same_players_five():
    record = load("ninjas-three-replaced-by-five.json")
    state = replay(record, moves_until(record, "0 pile X1"))
    assert state.sets[0][INDEX[14]] == 5
    assert state.piles[2][-3:] == [INDEX[14]] * 3
    assert load("ninjas-three-replaced-by-five.result.json")["rounds"][0]["base"] == [14, 0]


def test_the_ninja_variant_example_plays_as_the_rulebook_tells():
    record = load("ninja-variant-example.json")
    used = replay(record, moves_until(record, "1 pile X1"))
    assert used.sets[1][INDEX[12]] == 4 and used.minis == [0, 0]
    laid = replay(record, moves_until(record, "0 pile X2"))
    assert laid.sets[0][INDEX[14]] == 0 and laid.sets[1][INDEX[14]] == 3
    assert laid.minis == [0, 1] and laid.supply == 3
    assert load("ninja-variant-example.result.json")["rounds"][0]["base"] == [0, 44]


def test_the_imperial_task_example_is_worth_2_x_5_equals_10():
    result = load("imperial-task-example.result.json")
    assert result["rounds"][0]["bonus"] == [0, 0, 10]
    record = load("imperial-task-example.json")
    assert record["rounds"][0]["moves"][-3:] == ["0 reveal A7", "1 reveal A6", "2 reveal A8"]
