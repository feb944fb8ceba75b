"""Tables of 5 and 6 seats (a catalogue game whose most players allow them): the
formats seat them, and Swiss meets nobody again where any seating avoids it."""

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.test_formats import everyone_once, repeats, run
from tournaments.formats import History
from tournaments.formats.base import pair
from tournaments.formats.seating import table_sizes


def has_seating_with_fewer(keys, sizes, met: Counter, bound: int) -> bool:
    """Whether any seating of ``keys`` at tables of ``sizes`` has fewer than ``bound``
    repeat meetings: every seating tried (branch and bound, the entrants who met most
    seated first), so a False is a proof."""
    order = sorted(keys, key=lambda k: -sum(t for p, t in met.items() if k in p))

    def extend(left, sizes_left, so_far) -> bool:
        if not left:
            return True
        for size in set(sizes_left):
            others = list(sizes_left)
            others.remove(size)
            if grow([left[0]], left[1:], left, size, others, so_far):
                return True
        return False

    def grow(table, candidates, left, size, others, so_far) -> bool:
        """``table`` (its repeats counted in ``so_far``) filled from ``candidates``."""
        if len(table) == size:
            return extend([k for k in left if k not in table], others, so_far)
        for i, candidate in enumerate(candidates):
            more = so_far + sum(met.get(pair(candidate, m), 0) for m in table)
            if more < bound and grow(
                [*table, candidate], candidates[i + 1 :], left, size, others, more
            ):
                return True
        return False

    return extend(order, list(sizes), 0)


def test_swiss_at_fives_pairs_23_for_four_rounds_with_no_avoidable_repeat():
    players = 23
    played, history = run("swiss", players, 5, 4)
    before = History()
    for number, tables in enumerate(played):
        assert everyone_once(tables, players)
        assert sorted(len(t.seats) for t in tables) == [4, 4, 5, 5, 5]
        met = before.meetings()
        meetings_now = [pair(a, b) for t in tables for a, b in combinations(t.seats, 2)]
        repeated = sum(1 for p in meetings_now if met.get(p))
        if repeated:  # forced: no seating of this round meets fewer again
            assert not has_seating_with_fewer(range(players), [5, 5, 5, 4, 4], met, repeated)
        before.rounds.append(history.rounds[number])
    assert repeats(history) <= 3  # round 4 only: after three rounds few strangers are left


@pytest.mark.parametrize(("players", "size", "rounds"), [(30, 5, 4), (36, 6, 3), (40, 5, 4)])
def test_swiss_at_fives_and_sixes_meets_nobody_again_where_it_can_be_avoided(players, size, rounds):
    played, history = run("swiss", players, size, rounds)
    assert all(everyone_once(tables, players) for tables in played)
    assert repeats(history) == 0


@pytest.mark.parametrize("fmt", ["round-robin", "knockout", "double-elimination", "ladder"])
def test_every_format_seats_tables_of_six(fmt):
    played, _ = run(fmt, 18, 6, 2 if fmt != "ladder" else 1)
    assert everyone_once(played[0], 18)
    assert max(len(t.seats) for t in played[0]) == 6


def test_table_sizes_of_five_fill_out_with_fours():
    assert table_sizes(23, 5) == ([5, 5, 5, 4, 4], 0)
    assert table_sizes(13, 6) == ([5, 4, 4], 0)
