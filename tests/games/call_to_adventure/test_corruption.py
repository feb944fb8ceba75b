"""The Corruption track: the value at the marker's final level, not cumulative."""

import pytest

from games.call_to_adventure import score_tableau
from tests.games.call_to_adventure.examples import error_of, suzanne, table


def corruption_line(corruption: dict) -> int:
    answer = score_tableau(table(suzanne(corruption=corruption)))
    assert answer["valid"], answer
    return answer["players"][0]["lines"]["corruption"]


@pytest.mark.parametrize(("level", "points"), [(3, 2), (4, 4), (5, 0), (6, 0), (7, -4)])
def test_the_known_levels_are_worth_what_the_rulebook_proves(level, points):
    assert corruption_line({"level": level}) == points


def test_the_penalty_at_level_7_lowers_the_total():
    answer = score_tableau(table(suzanne(corruption={"level": 7})))

    assert answer["players"][0]["total"] == 40 - 4 - 4


@pytest.mark.parametrize("level", [1, 2])
def test_it_asks_for_the_printed_value_at_levels_1_and_2(level):
    answer = score_tableau(table(suzanne(corruption={"level": level})))

    assert error_of(answer) == (1, "corruption.points")
    reason = answer["error"]["reason"]
    assert f"does not know what level {level}" in reason
    assert "picture of the track is lost" in reason
    assert "printed on your board" in reason


def test_it_asks_for_the_printed_value_at_level_1():
    answer = score_tableau(table(suzanne(corruption={"level": 1})))

    assert error_of(answer) == (1, "corruption.points")


def test_a_typed_value_at_level_1_counts():
    assert corruption_line({"level": 1, "points": 3}) == 3


def test_a_typed_value_agreeing_with_a_known_level_is_fine():
    assert corruption_line({"level": 7, "points": -4}) == -4


def test_a_typed_value_disagreeing_with_a_known_level_is_refused():
    answer = score_tableau(table(suzanne(corruption={"level": 4, "points": 2})))

    assert error_of(answer) == (1, "corruption.points")
    assert "level 4 is worth +4 in profile core-2, not +2" in answer["error"]["reason"]
