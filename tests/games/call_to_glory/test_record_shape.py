"""The validator's rulings on the record: shape, types, order of checks, syntax, limits."""

import json
import time

import pytest

from games.call_to_glory import validate_record

from .builders import load


def record():
    return load("rulebook-60-36.json")


def error(doc, **kwargs):
    result = validate_record(doc, **kwargs)
    assert result["valid"] is False
    return result["error"]


def reason(doc, **kwargs):
    found = error(doc, **kwargs)
    assert found["round"] is None and found["move"] is None and found["text"] is None
    return found["reason"]


def test_a_valid_record_has_no_complete_key():
    assert "complete" not in validate_record(record())


def test_it_requires_each_key():
    for key in ("format", "players", "options", "rounds"):
        doc = record()
        del doc[key]
        assert reason(doc) == f"the record has no {key!r} key"


def test_the_format_is_exact():
    doc = record()
    doc["format"] = "call-to-glory/2"
    assert reason(doc) == 'format must be "call-to-glory/1"'


def test_players_are_two_to_four_strings_empty_or_repeated_allowed():
    doc = record()
    doc["players"] = ["", ""]
    assert validate_record(doc)["valid"]
    doc["players"] = ["a"]
    assert reason(doc) == "players must be a list of 2 to 4 names"
    doc["players"] = ["a", 3]
    assert reason(doc) == "every player's name must be a string"


@pytest.mark.parametrize("options, why", [
    ({"rounds": 1.0}, "option rounds must be a whole number of at least 1"),
    ({"rounds": True}, "option rounds must be a whole number of at least 1"),
    ({"rounds": 0}, "option rounds must be a whole number of at least 1"),
    ({"rounds": 1, "ninja": 1}, "option ninja must be true or false"),
    ({"rounds": 1, "speed": 2}, "unknown option 'speed' (the options: rounds, imperial_tasks, ninja)"),  # noqa: E501
])  # fmt: skip
def test_options_are_typed_and_unknown_keys_are_errors(options, why):
    doc = record()
    doc["options"] = options
    assert reason(doc) == why


def test_missing_options_take_the_defaults():
    doc = record()
    doc["options"] = {}
    assert reason(doc) == "the record has 1 round; the options say 4"


@pytest.mark.parametrize("card", [6.0, True, "6", None])
def test_card_values_are_json_integers(card):
    doc = record()
    doc["rounds"][0]["hands"][1][0] = card
    assert reason(doc).startswith(f"round 1: {json.dumps(card)} is not a card value")


def test_a_deal_must_be_the_110_cards():
    doc = record()
    doc["rounds"][0]["hands"][1][0] = 20
    assert reason(doc) == "round 1: the deal has 5 cards of 6; the game has 6"


def test_draw_piles_may_differ_by_one_card_at_most():
    doc = record()
    piles = doc["rounds"][0]["draw_piles"]
    piles[0].append(piles[1].pop())
    piles[0].append(piles[1].pop())
    assert reason(doc) == (
        "round 1: the draw piles have 54 and 50 cards; their sizes may differ by at most one"
    )


def test_tasks_must_be_null_without_imperial_tasks():
    doc = record()
    doc["tasks"] = []
    assert reason(doc) == "tasks must be null when imperial tasks are off"


def test_task_decks_are_checked_even_when_imperial_tasks_are_off():
    doc = record()
    doc["task_decks"] = {"A": [6], "B": [7], "C": ["x"]}
    assert reason(doc) == 'task deck C: "x" is not a card value'


def test_complete_must_be_a_boolean_and_is_checked_before_the_rounds():
    doc = record()
    doc["complete"] = "no"
    doc["rounds"] = []
    assert reason(doc) == "complete must be true or false"


def test_zero_rounds_are_allowed_in_an_incomplete_record():
    doc = record()
    doc["rounds"], doc["complete"] = [], False
    expected = {"valid": True, "players": ["alice", "bob"], "rounds": [], "totals": [0, 0],
                "places": [1, 1], "complete": False}  # fmt: skip
    assert validate_record(doc) == expected


def test_an_incomplete_record_whose_rounds_all_finished_still_says_so():
    doc = record()
    doc["complete"] = False
    assert validate_record(doc)["complete"] is False


@pytest.mark.parametrize("move, why", [
    ("0  draw D1", "not a move"),
    (" 0 draw D1", "not a move"),
    ("0 Draw D1", "not a move"),
    ("00 draw D1", "not a move"),
    ("0 lay +18 2", "not a move"),
    ("0 lay 18 02", "not a move"),
    ("0 lay 13 2", "13 is not a card value"),
    ("2 draw D1", "there is no seat 2 (seats are 0 to 1)"),
    ("1 draw D1", "seat 0 decides now (its turn: draw), not seat 1"),
])  # fmt: skip
def test_moves_are_canonical_strings(move, why):
    doc = record()
    doc["rounds"][0]["moves"][0] = move
    found = error(doc)
    assert (found["round"], found["move"], found["text"]) == (1, 1, move)
    assert found["reason"].startswith(why)


def test_a_non_string_move_is_an_error_whose_text_is_its_json():
    doc = record()
    doc["rounds"][0]["moves"][2] = ["0", "lay"]
    assert error(doc) == {"round": 1, "move": 3, "text": '["0", "lay"]',
                          "reason": "a move must be a string"}  # fmt: skip


def test_the_spec_example_error_message():
    doc = {"format": "call-to-glory/1", "players": ["a", "b", "c"], "options": {"rounds": 1},
           "rounds": [{"hands": [[14, 14, 6], [7, 7, 7], [8, 8, 8]], "draw_piles": [[], []],
                       "moves": ["0 lay 14 2"]}]}  # fmt: skip
    from games.call_to_glory.cards import the_deck

    rest = the_deck()
    for card in (14, 14, 6, 7, 7, 7, 8, 8, 8):
        rest.remove(card)
    rest.remove(14)
    rest.remove(14)
    doc["rounds"][0]["draw_piles"] = [[14] + rest[:50], [14] + rest[50:]]
    doc["rounds"][0]["moves"] = ["0 draw D1", "0 draw D2", "0 lay 14 2"]
    assert error(doc)["reason"] == "a set of 14 needs at least 3 cards with 3 or more players"


def test_invalid_json_and_non_objects_get_a_clear_error():
    assert reason("{").startswith("the record is not well-formed JSON")
    assert reason("[]") == "the record must be a JSON object"
    assert reason(b"\xff\xfe") == "the record is not valid UTF-8 text"
    assert reason('{"format": NaN}').startswith("the record is not well-formed JSON")
    assert reason(42) == "a record must be JSON text or a JSON object"


def test_a_record_over_the_size_limit_is_refused_quickly():
    big = '{"format": "call-to-glory/1", "pad": "' + "x" * 10_000_000 + '"}'
    started = time.process_time()
    assert "limit" in reason(big)
    assert "limit" in reason(big.encode())
    assert "limit" in reason(json.dumps(record()), max_bytes=100)
    assert time.process_time() - started < 1


def test_deep_nesting_gets_a_clear_error_quickly():
    started = time.process_time()
    assert "nested too deeply" in reason("[" * 200_000 + "]" * 200_000)
    doc = record()
    deep = []
    for _ in range(100_000):
        deep = [deep]
    doc["rounds"][0]["moves"][0] = deep
    assert error(doc)["reason"] == "a move must be a string"
    assert time.process_time() - started < 2


def test_incomplete_lets_only_the_last_round_stop_early():
    doc = record()
    doc["options"] = {"rounds": 2}
    doc["complete"] = False
    short = json.loads(json.dumps(doc["rounds"][0]))
    short["moves"].pop()
    doc["rounds"] = [short, record()["rounds"][0]]
    assert reason(doc) == "round 1 stops before its end"
    short["moves"] = ["1 draw D1"]  # round 2 starts with seat 1, behind on points
    doc["rounds"] = [record()["rounds"][0], short]
    assert validate_record(doc)["complete"] is False


def test_more_rounds_than_the_options_is_an_error_even_when_incomplete():
    doc = record()
    doc["complete"] = False
    doc["rounds"] = doc["rounds"] * 2
    assert reason(doc) == "the record has 2 rounds; the options say 1"
