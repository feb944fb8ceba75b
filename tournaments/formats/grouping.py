"""Cost-based grouping of entrants into tables: repeats heavy, standings distance light.

Start from groups in standings order, then swap members between nearby tables while
that lowers the total cost. Only tables holding a repeat meeting are worked on, and the
nearest tables are tried first, so a swap that removes a repeat disturbs the standings
as little as it can. Deterministic: no randomness here (the caller orders the input).
"""

from __future__ import annotations

from itertools import combinations

REPEAT_WEIGHT = 1000.0
EPSILON = 1e-9


class Grouping:
    def __init__(self, keys, points, met, standings_weight=1.0):
        self.keys = keys  # by index, in standings order
        self.points = points  # by index
        self.met = met  # Counter of (key, key) pairs
        self.standings_weight = standings_weight
        self.opponents = {}
        for a, b in met:
            self.opponents.setdefault(a, set()).add(b)
            self.opponents.setdefault(b, set()).add(a)

    def repeats(self, members) -> int:
        keys, opponents, total = self.keys, self.opponents, 0
        for i, j in combinations(members, 2):
            a, b = keys[i], keys[j]
            if b in opponents.get(a, ()):
                total += self.met[(a, b) if a <= b else (b, a)]
        return total

    def cost(self, members) -> float:
        total = REPEAT_WEIGHT * self.repeats(members)
        if self.standings_weight:
            points = self.points
            spread = sum(abs(points[i] - points[j]) for i, j in combinations(members, 2))
            order = max(members) - min(members)
            total += self.standings_weight * (spread + 0.001 * order)
        return total

    def conflicted(self, members) -> list:
        keys, opponents = self.keys, self.opponents
        return [
            i
            for i in members
            if any(keys[j] in opponents.get(keys[i], ()) for j in members if j != i)
        ]

    def improve(self, tables: list[list[int]], window: int, passes: int = 6) -> dict:
        """Swap members between tables (at most ``window`` tables apart) to lower the
        cost. Returns, per table index, how many repeat-removing swaps touched it."""
        costs = [self.cost(t) for t in tables]
        swaps = dict.fromkeys(range(len(tables)), 0)
        for _ in range(passes):
            improved = False
            for t in range(len(tables)):
                if costs[t] < REPEAT_WEIGHT:
                    continue
                for a in self.conflicted(tables[t]):
                    if a not in tables[t]:
                        continue
                    if self._swap_nearest(tables, costs, t, a, window):
                        swaps[t] += 1
                        improved = True
                    if costs[t] < REPEAT_WEIGHT:
                        break
            if not improved:
                break
        return swaps

    def _swap_nearest(self, tables, costs, t, a, window) -> bool:
        home = tables[t]
        without_a = [m for m in home if m != a]
        for distance in range(1, window + 1):
            best = None
            for u in (t - distance, t + distance):
                if u < 0 or u >= len(tables):
                    continue
                other = tables[u]
                for b in other:
                    new_home = [*without_a, b]
                    new_other = [a if m == b else m for m in other]
                    new_home_cost = self.cost(new_home)
                    new_other_cost = self.cost(new_other)
                    delta = new_home_cost + new_other_cost - costs[t] - costs[u]
                    if delta < -EPSILON and (best is None or delta < best[0]):
                        best = (delta, u, b, new_home, new_other, new_home_cost, new_other_cost)
            if best is not None:
                _, u, b, new_home, new_other, home_cost, other_cost = best
                tables[t], tables[u] = sorted(new_home), sorted(new_other)
                costs[t], costs[u] = home_cost, other_cost
                return True
        return False


def chunk(indices: list[int], sizes: list[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(indices[start : start + size])
        start += size
    return tables


def default_window(table_count: int) -> int:
    """Search every table in small events; the nearest 25 each way in large ones."""
    return table_count if table_count <= 60 else 25
