"""Seating entrants at tables by search, to a stated cost.

The cost of a table, in order of importance:

0. entrants the organiser fixed at one table number seated apart, or two fixed at
   different numbers at one table (``FIXED``): a rule, never traded;
1. every earlier meeting of two of its members (``REPEAT`` each): a repeat is taken only
   where no seating the search finds avoids it; just below it, two members of one club
   (``CLUB`` each, where the event keeps clubs apart);
2. its score spread, highest minus lowest points (weight 1, or 0 where standings do
   not matter, as in a round robin);
3. how often whoever has started least at the table has started (``START`` each): a
   table where somebody has not started yet lets the starts rotate.

The search starts from the standings cut into tables (``tables``, in the caller's order)
and is a local search over two moves: swap two entrants of different tables, or move
one to a table one seat smaller (which keeps the multiset of table sizes). Moves start
mostly at tables holding a repeat, then at tables holding a spread; partners are drawn
from the entrants with the same points, a tablemate's points or one score group away,
so most moves keep score groups whole. Every move that does not raise the total cost is
taken, so the search walks freely among equally good seatings (inside a score group)
until a repeat dissolves. It stops when nothing is left to win (no repeat, spread at
the lower bound), when it has not improved for a while, or at its step budget.

Deterministic: the step budget is fixed and the moves come from the seeded ``rng``;
no clock decides anything, so the same request gives the same tables on a loaded
machine and a quiet one. The budget is the same for every field: large
fields have large score groups, where the bound is reached in a few hundred steps;
only scattered points (scores as points) use the whole budget, and there the first
steps win nearly all (10,000 entrants: within 2 % of the bound).
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

FIXED = 1_000_000.0
REPEAT = 1000.0
CLUB = 900.0  # just below a repeat: no spread is worth it, one repeat is worth more
START = 0.01
# The budget, the same for every field: a step costs about the same at 64 entrants as
# at 10,000 (one table's cost each), so the search's time does not grow with the field.
STEPS = 20_000
# Steps without improvement before giving up, fewer in a small field: it has few moves
# to try (16 at fours: about 200), and where a repeat could not be avoided the whole
# budget walked them over and over (6 s of CPU a round at 16 in fours, for the same
# repeats as a tenth of it).
PATIENCE = 8_000
PATIENCE_PER_ENTRANT = 150  # the whole PATIENCE from 54 entrants on
EPSILON = 1e-9
KICK = 1.0  # how readily the search widens a spread to get out of a repeat
SPREAD_KICK = 0.4  # and a wide one, when the search has stalled
REPEAT_TRIES = 8  # moves weighed out of a repeat, the best one taken
NEAR = 8  # scattered points: partners drawn within this many places
SCATTERED = 4  # score groups averaging fewer entrants than this: points are scattered


class Pool:
    """A set of table numbers that can also hand out a random member in O(1)."""

    def __init__(self):
        self.items, self.at = [], {}

    def put(self, item, wanted: bool) -> None:
        if wanted and item not in self.at:
            self.at[item] = len(self.items)
            self.items.append(item)
        elif not wanted and item in self.at:
            index = self.at.pop(item)
            last = self.items.pop()
            if last != item:
                self.items[index] = last
                self.at[last] = index


class TableSearch:
    def __init__(self, points, met, starts, spread_weight=1.0, clubs=None, fixed=None):
        """``points`` and ``starts`` by entrant index; ``met[i]`` maps the indices
        entrant i has met to how often; ``clubs`` (a club number or 0) and ``fixed``
        (a fixed table number or 0) by index, where any is set."""
        self.points = points
        self.met = met
        self.starts = starts
        self.spread_weight = spread_weight
        self.clubs = clubs if clubs and any(clubs) else None
        self.fixed = fixed if fixed and any(fixed) else None
        self.fixed_count = Counter(n for n in fixed or () if n)
        levels = sorted(set(points), reverse=True)
        self.levels = levels
        self.level_of = {p: n for n, p in enumerate(levels)}
        self.buckets = [[] for _ in levels]
        # Points so varied that score groups average fewer than SCATTERED entrants.
        self.scattered = SCATTERED * len(levels) > len(points)
        for i, p in enumerate(points):
            self.buckets[self.level_of[p]].append(i)

    def spread(self, members) -> float:
        if len(members) < 2:
            return 0.0
        values = [self.points[m] for m in members]
        return max(values) - min(values)

    def cost(self, members) -> float:
        met, points, starts = self.met, self.points, self.starts
        repeats = 0
        for x, a in enumerate(members):
            seen = met[a]
            if seen:
                for b in members[x + 1 :]:
                    repeats += seen.get(b, 0)
        values = list(map(points.__getitem__, members))
        total = (
            REPEAT * repeats
            + self.spread_weight * (max(values) - min(values))
            + START * min(map(starts.__getitem__, members))
        )
        if self.clubs:
            total += CLUB * same_club_pairs(self.clubs, members)
        if self.fixed:
            total += FIXED * self.fixed_misplaced(members)
        return total

    def fixed_misplaced(self, members) -> int:
        """How far the table is from keeping its fixed entrants together: one for each
        extra fixed number at it, one for each entrant of its fixed number elsewhere."""
        here = Counter(self.fixed[m] for m in members if self.fixed[m])
        if not here:
            return 0
        return len(here) - 1 + sum(self.fixed_count[n] - count for n, count in here.items())

    def run(self, tables: list[list[int]], rng, lower_bound: float = 0.0) -> dict:
        """Improve ``tables`` (lists of indices) in place; returns figures of the search."""
        if len(tables) < 2:
            return {"steps": 0, "stopped": "one table"}
        walk = Walk(self, tables, rng, lower_bound)
        stopped, step = "steps", 0
        for step in range(walk.steps):
            if not step & 511:
                reason = walk.stop_reason(step)
                if reason:
                    stopped = reason
                    break
            walk.try_move(step)
        walk.keep_best()
        return {"steps": step + 1, "stopped": stopped}


class Walk:
    """One run of ``TableSearch.run``: the seating, each table's cost and spread, the
    tables holding a repeat or a spread, the totals, the best seating left behind, and
    the budgets. Its moves draw from the seeded ``rng`` in a fixed order."""

    def __init__(self, search: TableSearch, tables, rng, lower_bound: float):
        self.search, self.tables, self.random = search, tables, rng.random
        n = self.n = sum(len(t) for t in tables)
        self.count = len(tables)
        self.where = [0] * n
        for t, members in enumerate(tables):
            for m in members:
                self.where[m] = t
        self.weight = weight = search.spread_weight
        self.costs = [search.cost(t) for t in tables]
        self.spreads = [search.spread(t) for t in tables] if weight else [0.0] * self.count
        self.repeated, self.spread_out = Pool(), Pool()
        for t in range(self.count):
            self.repeated.put(t, self.costs[t] >= CLUB)
            self.spread_out.put(t, self.spreads[t] > 0)
        self.total, self.spread_total = sum(self.costs), sum(self.spreads)
        self.kept: list[list[int]] | None = None  # once the walk left the best seating
        self.best, self.improved_at = self.total, 0
        self.goal = weight * lower_bound
        self.steps = STEPS
        # The organiser's rules (clubs apart, fixed tables) are rarely forced: where
        # they are in play a small field keeps the whole patience.
        ruled = search.clubs or search.fixed
        self.patience = PATIENCE if ruled else min(PATIENCE, PATIENCE_PER_ENTRANT * n)
        self.last_level = len(search.levels) - 1

    def stop_reason(self, step: int) -> str:
        """Why to stop now ("" to go on): nothing left to win, no improvement for a
        while."""
        if not self.repeated.items and self.spread_total * self.weight <= self.goal + EPSILON:
            return "lower bound" if self.weight else "no repeat"
        if step - self.improved_at > self.patience_now():
            return "no improvement"
        return ""

    def patience_now(self) -> int:
        """Four times the patience while a table holds a repeat in a large field
        (dissolving it may cross score groups). A small field has tried its few moves
        many times over by then, and a repeat left there is most likely forced."""
        if self.repeated.items and self.patience == PATIENCE:
            return 4 * PATIENCE
        return self.patience

    def start_table(self, stuck: bool) -> tuple[int, float, bool]:
        """The table a move starts at, mostly one holding a repeat, then a spread; the
        heat it may take a worse step with; whether it is out of a repeat."""
        random, pick = self.random, self.random()
        at_repeat = bool(self.repeated.items) and pick < 0.7
        if at_repeat:
            return self.repeated.items[int(random() * len(self.repeated.items))], KICK, True
        if self.spread_out.items and pick < 0.9:
            t = self.spread_out.items[int(random() * len(self.spread_out.items))]
            return t, SPREAD_KICK if stuck else 0.0, False
        return int(random() * self.count), 0.0, False

    def partner(self, a: int, home: list[int], anyone: bool) -> int:
        """A partner with a's points, a tablemate's points, or one score group away
        (where points are scattered, near these in the standings: indices are in
        standings order);
        out of a repeat that closer partners have not dissolved for a while
        (``anyone``), sometimes anyone (no spread is worth a repeat)."""
        random = self.random
        points, level_of = self.search.points, self.search.level_of
        choice = random()
        if anyone and choice < 0.2:
            return int(random() * self.n)
        if choice < 0.5:
            level = level_of[points[a]]
        elif choice < 0.85:
            level = level_of[points[home[int(random() * len(home))]]]
        else:
            level = level_of[points[a]] + (1 if random() < 0.5 else -1)
            level = 0 if level < 0 else min(level, self.last_level)
        bucket = self.search.buckets[level]
        b = bucket[int(random() * len(bucket))]
        if self.search.scattered:
            # Groups of one or two (scores as points): anyone near it in the standings,
            # since a partner from the group alone is mostly a's tablemate.
            b += int((2 * random() - 1) * NEAR)
            b = 0 if b < 0 else min(b, self.n - 1)
        return b

    def try_move(self, step: int) -> None:
        """Swap two entrants of different tables, or move one to a table one seat
        smaller; taken unless it raises the total cost (out of a repeat, sometimes even
        then: never one that adds a repeat, and the best seating is kept). Out of a
        repeat the best of ``REPEAT_TRIES`` moves is taken: a partner with the same
        points dissolves it without widening the spread, where the first move found
        often takes one from the next score group, and narrowing those spreads again
        later costs the walk far more steps."""
        stuck = step - self.improved_at > self.patience // 2
        t, heat, at_repeat = self.start_table(stuck)
        move = self.propose(t, at_repeat, at_repeat and stuck)
        for _ in range(REPEAT_TRIES - 1 if at_repeat else 0):
            other = self.propose(t, at_repeat, stuck)
            if other and (move is None or other[0] < move[0] - EPSILON):
                move = other
        if move is None:
            return
        delta = move[0]
        if delta > EPSILON:
            if not heat or delta >= REPEAT / 2 or self.random() >= math.exp(-delta / heat):
                return
            if self.total <= self.best + EPSILON:
                self.kept = [list(members) for members in self.tables]
        self.apply(move)
        if self.total < self.best - EPSILON:
            self.best, self.improved_at, self.kept = self.total, step, None

    def propose(self, t: int, out_of_repeat: bool, anyone: bool) -> tuple | None:
        """A move from table ``t`` (its cost change first; ``out_of_repeat``: of one of
        those who met a tablemate before), or None when the partner drawn sits at
        ``t`` too."""
        random, tables = self.random, self.tables
        home = tables[t]
        movers = self.repeating(home) if out_of_repeat else home
        a = movers[int(random() * len(movers))]
        b = self.partner(a, home, anyone)
        u = self.where[b]
        if u == t:
            return None
        away = tables[u]
        moved = len(home) == len(away) + 1 and random() < 0.5
        if moved:
            new_home, new_away = [m for m in home if m != a], [*away, a]
        else:
            new_home = [b if m == a else m for m in home]
            new_away = [a if m == b else m for m in away]
        home_cost, away_cost = self.search.cost(new_home), self.search.cost(new_away)
        delta = home_cost + away_cost - self.costs[t] - self.costs[u]
        return delta, t, u, a, b, moved, new_home, new_away, home_cost, away_cost

    def repeating(self, members: list[int]) -> list[int]:
        """Those of ``members`` who met another of them before (all of them when it is
        a club or a fixed table that makes the table cost)."""
        met = self.search.met
        found = [a for a in members if met[a] and any(b in met[a] for b in members)]
        return found or members

    def apply(self, move: tuple) -> None:
        delta, t, u, a, b, moved, new_home, new_away, home_cost, away_cost = move
        self.tables[t], self.tables[u] = new_home, new_away
        self.costs[t], self.costs[u] = home_cost, away_cost
        self.where[a] = u
        if not moved:
            self.where[b] = t
        self.repeated.put(t, home_cost >= CLUB)
        self.repeated.put(u, away_cost >= CLUB)
        if self.weight:
            self.respread(t, u)
        self.total += delta

    def respread(self, t: int, u: int) -> None:
        """Tables ``t`` and ``u`` changed: their spreads and the spread total."""
        home_spread = self.search.spread(self.tables[t])
        away_spread = self.search.spread(self.tables[u])
        self.spread_total += home_spread + away_spread - self.spreads[t] - self.spreads[u]
        self.spreads[t], self.spreads[u] = home_spread, away_spread
        self.spread_out.put(t, home_spread > 0)
        self.spread_out.put(u, away_spread > 0)

    def keep_best(self) -> None:
        """Back to the best seating, if the walk left it for a worse one."""
        if self.kept is not None and self.total > self.best + EPSILON:
            self.tables[:] = self.kept


def same_club_pairs(clubs, members) -> int:
    seen = Counter(clubs[m] for m in members if clubs[m])
    return sum(count * (count - 1) // 2 for count in seen.values())


def exhaustive(search: TableSearch, order: list[int], sizes: list[int]) -> list[list[int]]:
    """The cheapest seating of a small field, found by trying every one (branch and
    bound over the table of the first unseated entrant). Used where the field is small
    enough that a repeat-free seating, if there is one, must not be missed."""
    best: list = [math.inf, None]
    size_counts: dict[int, int] = {}
    for size in sizes:
        size_counts[size] = size_counts.get(size, 0) + 1

    def extend(left, tables, total):
        if total >= best[0] - 1e-9:
            return
        if not left:
            best[0], best[1] = total, [list(t) for t in tables]
            return
        first, rest = left[0], left[1:]
        for size in sorted(size_counts, reverse=True):
            if not size_counts[size]:
                continue
            size_counts[size] -= 1
            for others in combinations(rest, size - 1):
                members = [first, *others]
                remaining = [m for m in rest if m not in others]
                tables.append(members)
                extend(remaining, tables, total + search.cost(members))
                tables.pop()
            size_counts[size] += 1

    extend(list(order), [], 0.0)
    return best[1]
