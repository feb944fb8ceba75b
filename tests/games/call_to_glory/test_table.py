"""Real-table scoring: call-to-glory-table/1 (shared spec table-scores.md)."""

import json

import pytest

from games.call_to_glory import score_table

FORMAT = "call-to-glory-table/1"


def table(entries, players=("ann", "ben", "cat"), **options):
    options = options or {"rounds": 3, "imperial_tasks": True}
    return {"format": FORMAT, "players": list(players), "options": options, "rounds": entries}


def error(data):
    answer = score_table(data)
    assert answer["valid"] is False
    return answer["error"]


THREE_ROUNDS = [
    {"sets": [{"20": 3, "9": 2}, {"18": 2, "7": 3}, {"16": 3}], "reveals": ["A7", "B12", "C16"]},
    {"sets": [{"12": 4}, {"6": 2, "8": 2}, {"20": 5, "14": 3}], "reveals": ["A6", "B9", "C20"]},
    {"sets": [{"9": 3}, {}, {"16": 4, "7": 2}], "reveals": ["C12", "A8", "B14"]},
]


def test_a_complete_three_round_imperial_tasks_table():
    answer = score_table(json.dumps(table(THREE_ROUNDS)))
    assert answer == {
        "valid": True,
        "players": ["ann", "ben", "cat"],
        "rounds": [
            {"start": 0, "base": [29, 25, 16], "bonus": [0, 15, 9], "scores": [29, 40, 25]},
            {"start": 2, "base": [12, 14, 34], "bonus": [0, 10, 15], "scores": [12, 24, 49]},
            {"start": 0, "base": [9, 0, 23], "bonus": [0, 0, 0], "scores": [9, 0, 23]},
        ],
        "totals": [50, 64, 97],
        "places": [3, 2, 1],
    }


def test_a_game_in_progress_gives_the_next_start_player():
    answer = score_table(table(THREE_ROUNDS[:1]))
    assert answer["complete"] is False and answer["next_start"] == 2


def test_a_game_with_no_round_yet_starts_with_seat_0():
    answer = score_table(table([]))
    assert (answer["next_start"], answer["places"]) == (0, [1, 1, 1])


def test_scores_only_rounds_are_checked_for_a_possible_table():
    two = {"rounds": 2}
    ok = score_table(table([{"scores": [60, 36]}], players=("a", "b"), **two))
    assert ok["totals"] == [60, 36] and ok["next_start"] == 1
    assert error(table([{"scores": [60, 5]}], players=("a", "b"), **two)) == {
        "round": 1, "seat": 1, "reason": "5 is not a sum of card values"}  # fmt: skip
    why = error(table([{"scores": [60, 60]}], players=("a", "b"), **two))
    assert why["seat"] is None and why["reason"].startswith("no table gives these scores together")
    assert error(table([{"scores": [69, 0, 0, 0]}], players="abcd", **two)) == {
        "round": 1, "seat": 0, "reason": "69 needs more than 4 sets"}  # fmt: skip


def test_scores_only_rounds_need_sets_with_imperial_tasks():
    assert error(table([{"scores": [20, 18, 16]}]))["reason"] == (
        "with imperial tasks a round must give its sets"
    )


@pytest.mark.parametrize("sets, seat, reason", [
    ([{"20": 3}, {"20": 4}, {}], 1,
     "a set of 20 lies in front of seats 0 and 1; there is one set of a value on the table"),
    ([{"6": 7}, {}, {}], 0, "a set of 6 cannot have 7 cards; the game has 6"),
    ([{"6": 0}, {}, {}], 0, "a set of 6 must have at least 1 card"),
    ([{"9": 1}, {}, {}], 0, "a set of 9 needs at least 2 cards"),
    ([{}, {"14": 2}, {}], 1, "a set of 14 needs at least 3 cards with 3 or more players"),
    ([{"6": 2, "7": 2, "8": 2, "9": 2, "20": 2, "18": 2}, {}, {}], 0,
     "seat 0 has 6 sets; with 3 players a round ends as soon as a seat has 5"),
    ([{"6": 2, "7": 2, "8": 2, "9": 2, "20": 2}, {"12": 3, "14": 3, "16": 3, "18": 2, "13": 2},
      {}], 1, "13 is not a card value"),
])  # fmt: skip
def test_what_cannot_happen_on_a_table(sets, seat, reason):
    data = table([{"sets": sets}], rounds=1)
    assert error(data) == {"round": 1, "seat": seat, "reason": reason}


def test_two_seats_at_the_threshold_cannot_happen():
    sets = [{"6": 2, "7": 2, "8": 2, "9": 2}, {"12": 3, "14": 3, "16": 3, "18": 2}, {}, {}]
    assert error(table([{"sets": sets}], players="abcd", rounds=1)) == {
        "round": 1, "seat": 1,
        "reason": "seats 0 and 1 both have 4 sets; the round ends at the end of the turn in "
        "which the first seat reaches that",
    }  # fmt: skip


def test_the_ninja_variant_allows_sets_of_one_card():
    answer = score_table(table([{"sets": [{"9": 1}, {"14": 1}, {}]}], rounds=1, ninja=True))
    assert answer["rounds"][0]["base"] == [9, 14, 0]


def revealing(*reveals):
    sets = {"sets": [{}, {}, {}]}
    return table([dict(sets, reveals=list(r)) for r in reveals])


def test_a_revealed_task_must_come_from_the_decks():
    assert error(revealing(["A12", "B12", "C16"])) == {
        "round": 1, "seat": 0, "reason": "task card A12 is not in deck A"}  # fmt: skip


def test_a_task_card_cannot_be_revealed_twice():
    assert error(revealing(["A7", "B12", "C16"], ["A7", "B9", "C20"])) == {
        "round": 2, "seat": 0, "reason": "task card A7 was already revealed"}  # fmt: skip


def test_a_seat_cannot_reveal_two_cards_of_one_deck():
    assert error(revealing(["A7", "B12", "C16"], ["A6", "B9", "C20"]))["reason"] == (
        "seat 0 already revealed a card of deck A"
    )


def test_each_seat_reveals_one_task_per_round():
    assert error(revealing(["A7", "B12"]))["reason"] == (
        "reveals must list 3 task cards, one per seat from the start player (seat 0)"
    )


def test_the_format_key_and_shape_are_checked():
    assert error({"format": "call-to-glory/1"})["reason"] == (
        'format must be "call-to-glory-table/1"'
    )
    assert error("{")["reason"].startswith("the table is not well-formed JSON")


def test_reveals_without_imperial_tasks_are_refused():
    data = table([{"sets": [{}, {}, {}], "reveals": ["A7"]}], rounds=1)
    assert error(data) == {"round": 1, "seat": None,
                           "reason": "reveals are given only with imperial tasks"}  # fmt: skip
