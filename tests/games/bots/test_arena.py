import pytest

from games.call_to_glory import validate_record
from games.call_to_glory.bots.arena import parse_seat, play_game, rotated, summarize, wilson


def test_the_wilson_interval_of_a_known_case():
    low, high = wilson(60, 100)
    assert round(low, 4) == 0.5020
    assert round(high, 4) == 0.6906
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_one_place_per_game():
    seats = ["a", "b", "c"]
    assert [rotated(seats, g) for g in range(4)] == [
        ["a", "b", "c"],
        ["c", "a", "b"],
        ["b", "c", "a"],
        ["a", "b", "c"],
    ]


def test_a_seat_may_carry_settings():
    assert parse_seat("search:iterations=8:time_limit_ms=2.5") == (
        "search",
        {"iterations": 8, "time_limit_ms": 2.5},
    )
    with pytest.raises(ValueError, match="write name=value"):
        parse_seat("search:iterations")


def test_a_played_game_has_a_valid_record_and_its_result():
    played = play_game(
        ["greedy", "random", "search:iterations=1"], {"rounds": 1}, seed=4, timed=True
    )
    checked = validate_record(played.record)
    assert checked["valid"] is True
    assert checked["totals"] == played.result["totals"]
    assert played.record["players"] == ["greedy", "random", "search"]
    assert {seat for seat, _, _ in played.think_seconds} == {0, 2}
    assert all(cpu >= 0 and wall > 0 for _, cpu, wall in played.think_seconds)


def test_the_summary_counts_wins_places_and_scores_per_bot():
    games = [play_game(["greedy", "random"], {"rounds": 1}, seed=s) for s in range(4)]
    summary = summarize(games)
    assert summary["greedy"]["games"] == 4
    total_wins = summary["greedy"]["wins"] + summary["random"]["wins"]
    assert total_wins >= 4
    assert 1 <= summary["random"]["mean_place"] <= 2
    assert summary["greedy"]["win_rate_low"] <= summary["greedy"]["win_rate"]
