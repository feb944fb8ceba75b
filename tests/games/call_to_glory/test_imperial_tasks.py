"""Variant 1, Imperial Tasks: reveals at the end of each round, bonuses."""

import random

from games.call_to_glory import new_game, validate_record
from games.call_to_glory.task_cards import DEFAULT_DECKS, POINTS, parse_task, task_bonus

from .builders import at, finish_round, load, refusal

TASKS = [["A7", "B16", "C18"], ["A6", "B12", "C20"], ["A8", "B14", "C16"]]
OPTIONS = {"rounds": 1, "imperial_tasks": True}


def at_reveals():
    state = at(["0 draw D1:18", "0 draw D2:18", "0 discard 6 X1"], players=("a", "b", "c"),
               options=OPTIONS, hands=[[6, 8, 9], [6, 8, 9], [7, 7, 20]], tasks=TASKS)  # fmt: skip
    while state.phase_name() != "reveal":
        legal = state.legal_moves()
        state.apply(next((m for m in legal if "draw D" in m or "discard" in m), legal[0]))
    return state


def test_the_task_decks_are_one_data_table_with_5_4_3_points():
    assert DEFAULT_DECKS == {"A": (6, 7, 8, 9), "B": (12, 14, 16, 9), "C": (16, 18, 20, 12)}
    assert POINTS == (5, 4, 3)


def test_each_player_reveals_one_of_their_tasks_from_the_start_player_on():
    state = at_reveals()
    assert state.current_player() == 0
    assert state.legal_moves() == ["0 reveal A7", "0 reveal B16", "0 reveal C18"]
    state.apply("0 reveal B16")
    assert state.current_player() == 1


def test_it_refuses_a_task_the_player_does_not_hold():
    assert refusal(at_reveals(), "0 reveal A6") == "seat 0 holds no task A6"


def test_it_refuses_other_moves_while_tasks_are_revealed():
    assert (
        refusal(at_reveals(), "0 draw D1")
        == "the round has ended: each player now reveals one task"
    )


def test_it_refuses_a_reveal_during_a_turn():
    state = at([], players=("a", "b", "c"), options=OPTIONS, tasks=TASKS)
    assert refusal(state, "0 reveal A7") == "tasks are revealed only at the end of a round"


def test_a_task_scores_its_points_for_each_card_of_the_named_set():
    assert task_bonus([parse_task("A7")], [0, 2, 0, 0, 0, 0, 0, 0, 0]) == 10
    assert task_bonus([parse_task("C12")], [0, 0, 0, 0, 3, 0, 0, 0, 0]) == 9


def test_the_imperial_task_example_gives_10():
    assert validate_record(load("imperial-task-example.json"))["rounds"][0]["bonus"] == [0, 0, 10]


def test_three_rounds_reveal_every_task_once():
    state = new_game(["a", "b"], {"imperial_tasks": True}, random.Random(5))
    assert state.opts.rounds == 3
    while not state.is_over():
        finish_round(state)
    assert all(len(r) == 3 for r in state.revealed) and state.unrevealed == [[], []]


def test_task_names_are_strict():
    record = load("imperial-task-example.json")
    for bad in ("a7", "A07", "A 7", "A13", 7):
        record["tasks"][0][0] = bad
        assert validate_record(record)["valid"] is False, bad


def test_a_task_card_is_dealt_at_most_once():
    record = load("imperial-task-example.json")
    record["tasks"][1][0] = "A7"
    assert validate_record(record)["error"]["reason"] == (
        "task card A7 is dealt more often than deck A holds it"
    )


def test_a_record_may_carry_its_own_task_decks():
    record = load("imperial-task-example.json")
    record["task_decks"] = {"A": [7, 6, 8], "B": [16, 12, 14], "C": [18, 20, 16]}
    assert validate_record(record)["valid"]
    record["task_decks"] = {"A": [7, 6, 8], "B": [16, 12, 14]}
    assert validate_record(record)["error"]["reason"] == (
        "task_decks must be an object with exactly the keys A, B and C"
    )


def test_with_more_than_three_rounds_a_seat_without_tasks_reveals_nothing():
    state = new_game(["a", "b"], {"imperial_tasks": True, "rounds": 4}, random.Random(2))
    for _ in range(4):
        finish_round(state)
    assert state.is_over()
    assert validate_record(state.record()) == state.result()
