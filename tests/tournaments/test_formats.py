"""The pairing formats on their own: plain Python, entrants and history in, tables out."""

import random
from collections import Counter
from itertools import combinations

import pytest

from lib.refusal import Refusal
from tournaments.formats import (
    Contender,
    History,
    PairingRequest,
    PastTable,
    get_format,
)
from tournaments.formats.knockout import bracket_order
from tournaments.formats.round_robin import searched_schedule
from tournaments.formats.seating import table_sizes


def run(format_key, players, table_size, rounds, seed=7, options=None, results_seed=1):
    """Pair ``rounds`` rounds with random places; return the tables of every round."""
    fmt = get_format(format_key, options)
    history, points, rng, played = History(), Counter(), random.Random(results_seed), []
    for number in range(1, rounds + 1):
        contenders = [Contender(key=k, points=points[k]) for k in range(players)]
        tables = fmt.pair(PairingRequest(contenders, history, table_size, number, seed))
        past = []
        for table in tables:
            if table.bye:
                past.append(PastTable(tuple(table.seats), (1,), True))
                continue
            places = list(range(1, len(table.seats) + 1))
            rng.shuffle(places)
            for key, place in zip(table.seats, places, strict=True):
                points[key] += max(0, 4 - place)
            past.append(PastTable(tuple(table.seats), tuple(places)))
        history.rounds.append(past)
        played.append(tables)
    return played, history


def repeats(history):
    return sum(count - 1 for count in history.meetings().values() if count > 1)


def everyone_once(tables, players):
    seated = [key for table in tables for key in table.seats]
    return sorted(seated) == list(range(players))


@pytest.mark.parametrize(
    ("players", "size", "expected"),
    [
        (30, 4, ([4] * 6 + [3] * 2, 0)),
        (3, 4, ([3], 0)),
        (5, 4, ([3, 2], 0)),
        (7, 4, ([4, 3], 0)),
        (64, 4, ([4] * 16, 0)),
        (7, 2, ([2, 2, 2], 1)),
        (1, 3, ([], 1)),
    ],
)
def test_table_sizes_fill_out_with_tables_of_fewer_seats(players, size, expected):
    assert table_sizes(players, size) == expected


def test_with_byes_preferred_only_full_tables_are_made():
    assert table_sizes(30, 4, "byes") == ([4] * 7, 2)


@pytest.mark.parametrize("players", [3, 5, 7, 30, 64])
def test_swiss_seats_every_entrant_once_per_round_at_edge_counts(players):
    played, _ = run("swiss", players, 4, 3)
    for tables in played:
        assert everyone_once(tables, players)
        assert all(1 <= len(t.seats) <= 4 for t in tables)


def test_thirty_players_at_four_seats_get_six_fours_and_two_threes():
    played, _ = run("swiss", 30, 4, 1)
    assert Counter(len(t.seats) for t in played[0]) == {4: 6, 3: 2}


@pytest.mark.parametrize(("players", "size", "rounds"), [(30, 4, 5), (64, 4, 6), (40, 3, 6)])
def test_swiss_has_no_repeat_meeting_where_one_can_be_avoided(players, size, rounds):
    _, history = run("swiss", players, size, rounds)
    assert repeats(history) == 0


def test_swiss_explains_a_forced_repeat_when_eight_play_a_second_round_at_fours():
    played, history = run("swiss", 8, 4, 2)
    forced = [p for t in played[1] for p in t.explanation["repeats_forced"]]
    # Two tables of four twice: at least four old pairs must meet again.
    assert len(forced) >= 4 and repeats(history) == len(forced)
    assert all(t.explanation["forced_reason"] for t in played[1])


def test_swiss_is_the_same_for_the_same_seed_whatever_the_global_random_state():
    random.seed(1)
    first, _ = run("swiss", 30, 4, 4, seed=42)
    random.seed(999)
    random.random()
    second, _ = run("swiss", 30, 4, 4, seed=42)
    assert [[t.seats for t in r] for r in first] == [[t.seats for t in r] for r in second]
    third, _ = run("swiss", 30, 4, 4, seed=43)
    assert [[t.seats for t in r] for r in first] != [[t.seats for t in r] for r in third]


def test_swiss_gives_the_start_to_whoever_at_the_table_started_least():
    _, history = run("swiss", 16, 4, 6)
    starts = Counter()
    for tables in history.rounds:
        for table in tables:
            assert starts[table.seats[0]] == min(starts[k] for k in table.seats)
        starts.update(t.seats[0] for t in tables)
    assert max(starts.values()) <= 2  # 24 starts among 16 over six rounds


def test_swiss_keeps_players_close_in_the_standings_together():
    played, history = run("swiss", 32, 4, 2)
    second = played[1]
    for table in second:
        group = table.explanation["score_group"]
        assert group["high"] - group["low"] <= 3


def test_swiss_with_byes_gives_the_bye_to_the_lowest_without_one():
    played, history = run("swiss", 6, 4, 3, options={"fill": "byes"})
    byes = Counter(t.seats[0] for r in played for t in r if t.bye)
    assert sum(byes.values()) == 6 and max(byes.values()) == 1


def test_unknown_formats_and_options_are_refused():
    with pytest.raises(Refusal, match="unknown option"):
        get_format("swiss", {"colour": "blue"})
    with pytest.raises(Refusal, match="unknown format"):
        get_format("lottery")
    with pytest.raises(Refusal):
        get_format("swiss", {"fill": "sometimes"})


def test_a_round_robin_of_sixteen_at_fours_meets_everyone_exactly_once_in_five_rounds():
    fmt = get_format("round-robin")
    assert fmt.rounds_for(16, 4) == 5
    _, history = run("round-robin", 16, 4, 5)
    met = history.meetings()
    assert len(met) == 16 * 15 // 2 and set(met.values()) == {1}


def test_a_round_robin_of_nine_at_threes_uses_the_affine_plane():
    played, history = run("round-robin", 9, 3, 4)
    assert set(history.meetings().values()) == {1} and len(history.meetings()) == 36
    assert played[0][0].explanation["design"] == "affine plane of order 3"


@pytest.mark.parametrize("players", [3, 5, 7, 8])
def test_a_two_seat_round_robin_pairs_everyone_once_by_the_circle(players):
    fmt = get_format("round-robin")
    rounds = fmt.rounds_for(players, 2)
    played, history = run("round-robin", players, 2, rounds)
    assert set(history.meetings()) == set(combinations(range(players), 2))
    assert set(history.meetings().values()) == {1}
    assert sum(1 for r in played for t in r if t.bye) == (players if players % 2 else 0)


@pytest.mark.parametrize(("players", "size"), [(12, 3), (10, 3)])
def test_a_round_robin_without_a_design_searches_a_schedule_without_repeats(players, size):
    _, history = run("round-robin", players, size, 4)
    assert repeats(history) == 0


def test_a_bracket_puts_the_top_seeds_apart_and_gives_them_the_byes():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    fmt = get_format("knockout")
    contenders = [Contender(key=k, rank=k) for k in range(1, 6)]
    tables = fmt.pair(PairingRequest(contenders, History(), 2, 1, 1))
    byes = sorted(t.seats[0] for t in tables if t.bye)
    assert byes == [1, 2, 3]
    assert [sorted(t.seats) for t in tables if not t.bye] == [[4, 5]]


@pytest.mark.parametrize("players", [5, 7, 64])
def test_a_two_seat_knockout_ends_with_one_winner(players):
    fmt = get_format("knockout")
    rounds = (players - 1).bit_length()
    played, _ = run("knockout", players, 2, rounds)
    assert len([t for t in played[-1] if not t.bye]) == 1
    with pytest.raises(Refusal, match="over"):
        run("knockout", players, 2, rounds + 1)
    assert fmt.key == "knockout"


def test_multi_seat_heats_send_the_top_two_of_each_table_to_a_final_table():
    played, _ = run("knockout", 16, 4, 2)
    assert [len(t.seats) for t in played[0]] == [4, 4, 4, 4]
    assert len(played[1]) == 2 and all(len(t.seats) == 4 for t in played[1])
    played, _ = run("knockout", 16, 4, 3)
    assert len(played[2]) == 1 and played[2][0].explanation["final"]


def test_an_open_league_has_no_rounds_to_pair():
    with pytest.raises(Refusal, match="no rounds"):
        run("open", 4, 4, 1)


def pair_with(format_key, players, table_size, rounds, drop_after=None, late_at=None):
    """Like ``run``, with entrant 0 dropping after ``drop_after`` rounds and a new entrant
    (key ``players``) joining at round ``late_at``."""
    fmt = get_format(format_key)
    history, rng, played = History(), random.Random(2), []
    for number in range(1, rounds + 1):
        keys = list(range(players))
        if drop_after is not None and number > drop_after:
            keys.remove(0)
        if late_at is not None and number >= late_at:
            keys.append(players)
        tables = fmt.pair(
            PairingRequest([Contender(k) for k in keys], history, table_size, number, 3)
        )
        seated = sorted(k for t in tables for k in t.seats)
        if format_key == "knockout":
            assert set(seated) <= set(keys)  # only the survivors play on
        else:
            assert seated == sorted(keys), (format_key, number)
        past = []
        for table in tables:
            places = tuple(rng.sample(range(1, len(table.seats) + 1), len(table.seats)))
            past.append(PastTable(tuple(table.seats), (1,) if table.bye else places, table.bye))
        history.rounds.append(past)
        played.append(tables)
    return played


@pytest.mark.parametrize("format_key", ["swiss", "round-robin"])
@pytest.mark.parametrize("players", [3, 5, 7, 30])
def test_a_drop_mid_event_and_a_late_entry_seat_exactly_the_active_entrants(format_key, players):
    pair_with(format_key, players, 3, 4, drop_after=2, late_at=3)


def test_a_knockout_goes_on_without_a_survivor_who_dropped():
    played = pair_with("knockout", 8, 2, 2, drop_after=1)
    assert all(0 not in t.seats for t in played[1])


@pytest.mark.parametrize(
    ("players", "size", "rounds", "name"),
    [
        (9, 3, 4, "affine plane of order 3"),
        (15, 3, 7, "Kirkman triple system"),
        (16, 4, 5, "affine plane of order 4"),
        (21, 3, 10, "Kirkman triple system"),
        (40, 4, 13, "resolvable design of fours"),
    ],
)
def test_a_round_robin_with_a_design_meets_every_pair_exactly_once(players, size, rounds, name):
    fmt = get_format("round-robin")
    assert fmt.rounds_for(players, size) == rounds
    played, history = run("round-robin", players, size, rounds)
    met = history.meetings()
    assert len(met) == players * (players - 1) // 2 and set(met.values()) == {1}
    assert all(t.explanation["design"] == name for r in played for t in r)
    assert all(t.explanation["schedule_repeats"] == 0 for r in played for t in r)


def test_every_design_is_checked_when_built():
    from tournaments.formats.designs import check, design

    for v, k in [(9, 3), (15, 3), (21, 3), (27, 3), (39, 3), (57, 3), (16, 4), (40, 4), (52, 4)]:
        name, rounds = design(v, k)
        assert len(rounds) == (v - 1) // (k - 1)
    assert design(12, 3) is None and design(28, 4) is None
    broken = [[[0, 1, 2], [3, 4, 5], [6, 7, 8]], [[0, 1, 3], [2, 4, 6], [5, 7, 8]]]
    with pytest.raises(AssertionError, match="meet twice"):
        check(broken, 9, 3)


def test_a_round_robin_without_a_design_reports_the_repeats_of_its_schedule():
    fmt = get_format("round-robin")
    rounds = fmt.rounds_for(12, 3)
    played, history = run("round-robin", 12, 3, rounds)
    reported = {t.explanation["schedule_repeats"] for r in played for t in r}
    assert reported == {repeats(history)}
    # 11 others to meet two at a time: six rounds make at least six repeat meetings.
    assert 6 <= repeats(history) <= 12


def test_a_round_robin_whose_field_changed_searches_no_schedule_for_the_new_field():
    """After a drop or a late entry the round is paired against the real history; a
    schedule for the new field is not made."""
    searched_schedule.cache_clear()
    pair_with("round-robin", 7, 3, 4, drop_after=2, late_at=3)
    assert searched_schedule.cache_info().misses == 1  # the first field's, rounds 1-2
