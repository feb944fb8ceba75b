"""Keeping members of one club apart and entrants at a fixed table, in the Swiss
search itself (no Django): the rules hold at 64 and 400 entrants, and nobody meets
again where the reference scenario shows it avoidable."""

import random
from collections import Counter
from itertools import combinations

import pytest

from benchmarks.pairing_scenario import played
from tournaments.formats import Contender, History, PairingRequest, get_format
from tournaments.formats.seating import place_fixed_tables
from tournaments.formats.spread import score_spread, spread_lower_bound


def club_of(players: int, club_size: int, seed: int) -> dict:
    """Players drawn into clubs of ``club_size`` (the last may be smaller)."""
    keys = list(range(players))
    random.Random(seed).shuffle(keys)
    return {key: f"Club {i // club_size}" for i, key in enumerate(keys)}


@pytest.mark.parametrize(("players", "ratio"), [(64, 3), (400, 1.25)])
def test_clubs_stay_apart_and_fixed_tables_hold_without_a_repeat(players, ratio):
    swiss, history, points = get_format("swiss"), History(), Counter()
    rng = random.Random(players)
    clubs = club_of(players, 3, players)
    fixed = {5: 1, 17: 4, 42: 9}
    spread, bound = 0.0, 0.0
    for number in range(1, 5):
        met = history.meetings()
        contenders = [
            Contender(key=k, points=points[k], club=clubs[k], fixed_table=fixed.get(k, 0))
            for k in range(players)
        ]
        request = PairingRequest(contenders, history, 4, number, 7, avoid_same_club=True)
        tables, unplaced = place_fixed_tables(swiss.pair(request), fixed)
        assert unplaced == []
        for key, table_number in fixed.items():
            assert key in tables[table_number - 1].seats
            assert key in tables[table_number - 1].explanation["fixed_table"]
        seated = [t.seats for t in tables if not t.bye]
        pairs = [p for s in seated for p in combinations(sorted(s), 2)]
        assert sum(1 for p in pairs if met.get(p)) == 0
        assert [p for p in pairs if clubs[p[0]] == clubs[p[1]]] == []
        assert all(t.explanation["same_club"] == [] for t in tables)
        if number > 1:
            spread += score_spread([[points[k] for k in s] for s in seated])
            bound += spread_lower_bound(
                [points[k] for s in seated for k in s], [len(s) for s in seated]
            )
        history.rounds.append(played(tables, points, rng))
    # The search stays near the standings (a bound that ignores clubs: 14 against 5
    # at 64, where clubs of three fill a fifth of each table's choices; 14 against 14 at 400).
    assert spread <= ratio * bound


def test_a_club_too_big_to_keep_apart_shares_tables_rather_than_repeat():
    # 12 entrants at tables of 4, 6 of one club: at least two tables hold two of it.
    swiss = get_format("swiss")
    contenders = [Contender(key=k, club="Rooks" if k < 6 else f"c{k}") for k in range(12)]
    tables = swiss.pair(PairingRequest(contenders, History(), 4, 1, 3, avoid_same_club=True))
    shared = [len(t.explanation["same_club"]) for t in tables]
    assert sorted(shared) == [1, 1, 1]
    assert tables[0].explanation["same_club"][0]["club"] == "Rooks"


def test_clubs_are_told_apart_regardless_of_case_and_spaces_and_only_when_asked():
    swiss = get_format("swiss")
    contenders = [Contender(key=k, club=" rooks " if k % 2 else "Rooks") for k in range(4)]
    contenders += [Contender(key=k, club=f"c{k}") for k in range(4, 8)]
    tables = swiss.pair(PairingRequest(contenders, History(), 4, 1, 3, avoid_same_club=True))
    assert [len(t.explanation["same_club"]) for t in tables] == [0, 0] or all(
        sum(1 for k in t.seats if k < 4) == 2 for t in tables
    )
    assert all(sum(1 for k in t.seats if k < 4) == 2 for t in tables)
    off = swiss.pair(PairingRequest(contenders, History(), 4, 1, 3))
    assert all("same_club" not in t.explanation for t in off)


def test_two_entrants_fixed_at_one_number_sit_together_and_a_number_past_the_tables_is_named():
    swiss = get_format("swiss")
    contenders = [
        Contender(key=k, points=k % 3, fixed_table={2: 3, 9: 3, 11: 7}.get(k, 0)) for k in range(16)
    ]
    request = PairingRequest(contenders, History(), 4, 2, 1)
    fixed = {2: 3, 9: 3, 11: 7}
    tables, unplaced = place_fixed_tables(swiss.pair(request), fixed)
    assert {2, 9} <= set(tables[2].seats)
    assert unplaced == [11]  # four tables: no table 7
