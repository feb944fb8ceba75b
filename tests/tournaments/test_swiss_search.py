"""Swiss as a search: properties over many fields, the reference scenario's spread
bound, the small cases checked against every possible seating."""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.pairing_scenario import play, played
from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format
from tournaments.formats.seating import table_sizes
from tournaments.formats.spread import (
    SPREAD_GROUPS,
    SPREAD_REPEATS,
    cheapest_cut,
    score_spread,
    spread_lower_bound,
)

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fewest_repeats(keys, sizes, met) -> int:
    """The fewest repeat meetings any seating of ``keys`` at ``sizes`` has: every
    seating tried (the table of the first unseated entrant, each size, each company)."""
    best = [10**9]

    def extend(left, sizes_left, repeats):
        if repeats >= best[0]:
            return
        if not left:
            best[0] = repeats
            return
        first, rest = left[0], left[1:]
        for size in set(sizes_left):
            others_left = list(sizes_left)
            others_left.remove(size)
            for company in combinations(rest, size - 1):
                table = (first, *company)
                added = sum(met.get((a, b), 0) for a, b in combinations(sorted(table), 2))
                remaining = [k for k in rest if k not in company]
                extend(remaining, others_left, repeats + added)

    extend(list(keys), list(sizes), 0)
    return best[0]


@FEW
@given(
    players=st.integers(5, 200),
    size=st.integers(2, 4),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 10**6),
    drops=st.lists(st.integers(1, 8), max_size=3),
)
def test_every_active_entrant_is_seated_once_at_tables_of_even_size(
    players, size, rounds, seed, drops
):
    swiss, history, points = get_format("swiss"), History(), Counter()
    rng, active = random.Random(seed), list(range(players))
    for number in range(1, rounds + 1):
        for _ in range(drops.count(number)):
            if len(active) > 5:
                active.remove(rng.choice(active))
        contenders = [Contender(key=k, points=points[k]) for k in active]
        tables = swiss.pair(PairingRequest(contenders, history, size, number, seed))
        assert sorted(k for t in tables for k in t.seats) == sorted(active)
        sizes = [len(t.seats) for t in tables if not t.bye]
        assert max(sizes) <= size and max(sizes) - min(sizes) <= 1
        if not (len(active) == 5 and size == 4):  # 3 + 2 rather than a bye
            assert min(sizes) >= size - 1
        assert sorted(sizes) == sorted(table_sizes(len(active), size)[0])
        history.rounds.append(played(tables, points, rng))


@FEW
@given(
    players=st.integers(5, 10),
    size=st.integers(2, 4),
    rounds=st.integers(2, 5),
    seed=st.integers(0, 10**6),
)
def test_no_repeat_is_seated_where_a_seating_without_one_exists(players, size, rounds, seed):
    swiss, history, points = get_format("swiss"), History(), Counter()
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        met = history.meetings()
        contenders = [Contender(key=k, points=points[k]) for k in range(players)]
        tables = swiss.pair(PairingRequest(contenders, history, size, number, seed))
        seated = [t.seats for t in tables if not t.bye]
        repeats = sum(met.get((a, b), 0) for s in seated for a, b in combinations(sorted(s), 2))
        keys = sorted(k for s in seated for k in s)
        assert repeats == fewest_repeats(keys, [len(s) for s in seated], met)
        history.rounds.append(played(tables, points, rng))


@pytest.mark.parametrize(("players", "ratio"), [(64, 2), (100, 2), (400, 1.25)])
def test_on_the_reference_scenario_the_spread_meets_the_target_over_three_seeds(players, ratio):
    runs = [play(players, 4, seed) for seed in (1, 2, 3)]
    assert sum(sum(f["repeats"]) for f in runs) == 0
    spread = sum(sum(f["spread"][1:]) for f in runs)
    assert spread <= ratio * sum(sum(f["lower_bound"][1:]) for f in runs)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(64, 100), seed=st.integers(0, 10**6))
def test_on_the_reference_scenario_any_seed_stays_near_the_lower_bound(players, seed):
    # One seed alone can need more than twice the bound at 64 entrants: with the one
    # entrant on 9 points having met two of the three on 8, seed 0 needs 10 against 4
    # (longer searches find no better). The target is over three seeds, above.
    figures = play(players, 4, seed)
    assert sum(figures["repeats"]) == 0
    assert sum(figures["spread"][1:]) <= 2.5 * sum(figures["lower_bound"][1:])


def test_a_sole_leader_of_ten_meets_the_next_best_not_the_bottom_three():
    # Round 1 at 4 + 3 + 3: the leader won a table of four; its runner-up has 2.
    history = History([[PastTable((0, 1, 2, 3), (1, 2, 3, 4)), PastTable((4, 5, 6), (1, 2, 3))]])
    history.rounds[0].append(PastTable((7, 8, 9), (1, 2, 3)))
    points = {0: 4, 1: 2, 2: 1, 3: 0, 4: 3, 5: 2, 6: 1, 7: 3, 8: 2, 9: 1}
    contenders = [Contender(key=k, points=p) for k, p in points.items()]
    tables = get_format("swiss").pair(PairingRequest(contenders, history, 4, 2, 5))
    leader = next(t for t in tables if 0 in t.seats)
    bottom = {3, 2, 6, 9}  # 0 and 1 points
    assert not bottom & set(leader.seats)
    assert sorted(points[k] for k in leader.seats) in ([3, 3, 4], [2, 3, 3, 4])
    # A table of four drawn from three tables of round 1 must repeat one meeting.
    met = history.meetings()
    repeats = [p for t in tables for p in combinations(sorted(t.seats), 2) if met.get(p)]
    assert len(repeats) == 1
    spread = score_spread([[points[k] for k in t.seats] for t in tables])
    assert spread == leader.explanation["round_spread"]


def test_the_lower_bound_places_the_smaller_tables_where_they_cost_least():
    # Largest table first would seat a 2 with the three 3s.
    assert cheapest_cut([3, 3, 3, 2, 2, 2, 2], [4, 3]) == (0.0, [3, 4])
    assert cheapest_cut([3, 3, 3, 3, 2, 2, 2], [3, 4]) == (0.0, [4, 3])
    assert spread_lower_bound([0, 1, 2, 3, 4, 5, 6, 7], [4, 4]) == 6.0
    assert score_spread([[3, 1, 2], [5, 5], [7]]) == 2


def test_each_spread_says_whether_the_score_groups_or_a_repeat_forced_it():
    swiss, history, points = get_format("swiss"), History(), Counter()
    rng = random.Random(3)
    for number in range(1, 5):
        contenders = [Contender(key=k, points=points[k]) for k in range(64)]
        tables = swiss.pair(PairingRequest(contenders, history, 4, number, 3))
        history.rounds.append(played(tables, points, rng))
    reasons = Counter(t.explanation["spread_reason"] for t in tables)
    spreads = [t.explanation["score_group"] for t in tables]
    assert reasons[""] == sum(1 for g in spreads if g["high"] == g["low"])
    assert reasons[SPREAD_GROUPS] >= 1
    first = tables[0].explanation
    if first["round_spread"] > first["round_spread_lower_bound"]:
        assert reasons[SPREAD_REPEATS] >= 1
