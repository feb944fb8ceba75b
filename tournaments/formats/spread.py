"""Score spread: how far apart in points the entrants at a table are.

A table's *spread* is its highest minus its lowest points before the round; a round's
spread is the sum over its played tables. The *lower bound* is the smallest spread any
seating with the same table sizes can have, ignoring who has met: cut the entrants,
sorted by points, into consecutive tables, with the smaller tables placed where they
cost least. (Some optimal seating is always consecutive in points order, so no
seating does better.) Swiss is judged against this bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# Why a table's points differ, as stored in its explanation.
SPREAD_NONE = ""
SPREAD_GROUPS = "score groups"  # the score groups do not fill whole tables
SPREAD_REPEATS = "repeats"  # wider than the standings need, so that nobody meets again


def score_spread(tables_points: Iterable[Sequence[float]]) -> float:
    """The sum over tables (each a list of points) of highest minus lowest."""
    return sum(max(points) - min(points) for points in tables_points if len(points) > 1)


def cheapest_cut(points: Sequence[float], sizes: Sequence[int]) -> tuple[float, list[int]]:
    """The lower bound for ``points`` (sorted, best first) at tables of ``sizes`` (any
    order), and the order of sizes that reaches it (largest first where it is a tie).

    Dynamic programming over how many tables of each size are used: the sizes differ
    by at most one in practice, so this is a small grid."""
    counts: dict[int, int] = {}
    for size in sizes:
        counts[size] = counts.get(size, 0) + 1
    kinds = sorted(counts, reverse=True)
    if len(kinds) == 1:
        return chunk_spread(points, list(sizes)), list(sizes)
    if len(kinds) != 2:
        ordered = sorted(sizes, reverse=True)
        return chunk_spread(points, ordered), ordered
    big, small = kinds
    nb, ns = counts[big], counts[small]
    inf = float("inf")
    # best[i][j]: the least spread of the first i*big + j*small entrants cut into i big
    # and j small tables; step[i][j] says which size the last table had.
    best = [[inf] * (ns + 1) for _ in range(nb + 1)]
    step = [[0] * (ns + 1) for _ in range(nb + 1)]
    best[0][0] = 0.0
    for i in range(nb + 1):
        for j in range(ns + 1):
            if i == 0 and j == 0:
                continue
            end = i * big + j * small
            if i and best[i - 1][j] < inf:
                value = best[i - 1][j] + points[end - big] - points[end - 1]
                if value < best[i][j]:
                    best[i][j], step[i][j] = value, big
            if j and best[i][j - 1] < inf:
                value = best[i][j - 1] + points[end - small] - points[end - 1]
                if value < best[i][j]:
                    best[i][j], step[i][j] = value, small
    return best[nb][ns], sizes_walked_back(step, big, nb, ns)


def sizes_walked_back(step: list[list[int]], big: int, nb: int, ns: int) -> list[int]:
    """The order of table sizes ``cheapest_cut`` chose, read back from its last table's
    size at every cell of its grid."""
    order, i, j = [], nb, ns
    while i or j:
        size = step[i][j]
        order.append(size)
        if size == big:
            i -= 1
        else:
            j -= 1
    order.reverse()
    return order


def chunk_spread(points: Sequence[float], sizes: Sequence[int]) -> float:
    total, start = 0.0, 0
    for size in sizes:
        if size > 1:
            total += points[start] - points[start + size - 1]
        start += size
    return total


def spread_lower_bound(points: Iterable[float], sizes: Sequence[int]) -> float:
    """The lower bound for entrants with these ``points`` (any order) at ``sizes``."""
    ordered = sorted(points, reverse=True)
    return cheapest_cut(ordered, sizes)[0]


def spread_reasons(points: Sequence[float], tables, cut: Sequence[int]) -> dict[int, str]:
    """Why each table (lists of indices into ``points``) with a spread has it.

    A spread is a table reaching across the boundaries between score groups. The sorted
    cut (sizes ``cut``, ``points`` sorted best first) reaches across each boundary as
    often as the group sizes force; a table reaching across a boundary more often than
    that, narrowest tables counted first, does so to avoid a repeat."""
    levels = sorted(set(points), reverse=True)
    level_of = {p: n for n, p in enumerate(levels)}

    def crossed(values):
        return range(level_of[max(values)], level_of[min(values)])

    needed: dict[int, int] = {}
    start = 0
    for size in cut:
        for boundary in crossed(points[start : start + size]):
            needed[boundary] = needed.get(boundary, 0) + 1
        start += size
    used: dict[int, int] = {}
    reasons = {}
    spread_of = {
        t: max(points[m] for m in ms) - min(points[m] for m in ms) for t, ms in enumerate(tables)
    }
    for t in sorted((t for t in spread_of if spread_of[t] > 0), key=lambda t: (spread_of[t], t)):
        reasons[t] = SPREAD_GROUPS
        for boundary in crossed([points[m] for m in tables[t]]):
            used[boundary] = used.get(boundary, 0) + 1
            if used[boundary] > needed.get(boundary, 0):
                reasons[t] = SPREAD_REPEATS
    return reasons
