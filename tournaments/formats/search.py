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

Deterministic: the step budget scales with the field and the moves come from the
seeded ``rng``; the wall-clock cap only guards a machine far slower than planned.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import combinations

FIXED = 1_000_000.0
REPEAT = 1000.0
CLUB = 900.0  # just below a repeat: no spread is worth it, one repeat is worth more
START = 0.01
STEPS_PER_ENTRANT = 60
MIN_STEPS = 20_000
PATIENCE_PER_ENTRANT = 10  # steps without improvement before giving up
MIN_PATIENCE = 8_000
SECONDS_PER_ENTRANT = 0.002  # a guard only: the step budget is what binds
MIN_SECONDS = 5.0
EPSILON = 1e-9
KICK = 1.0  # how readily the search widens a spread to get out of a repeat
SPREAD_KICK = 0.4  # and a wide one, when the search has stalled


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

    def run(self, tables: list[list[int]], rng, lower_bound: float = 0.0, effort=1.0) -> dict:
        """Improve ``tables`` (lists of indices) in place; returns figures of the search.
        ``effort`` scales the step budget and patience (a schedule searched many times
        over takes less per round)."""
        n = sum(len(t) for t in tables)
        count = len(tables)
        if count < 2:
            return {"steps": 0, "stopped": "one table"}
        where = [0] * n
        for t, members in enumerate(tables):
            for m in members:
                where[m] = t
        cost, spread, weight = self.cost, self.spread, self.spread_weight
        costs = [cost(t) for t in tables]
        spreads = [spread(t) for t in tables] if weight else [0.0] * count
        repeated, spread_out = Pool(), Pool()
        for t in range(count):
            repeated.put(t, costs[t] >= CLUB)
            spread_out.put(t, spreads[t] > 0)
        total, spread_total = sum(costs), sum(spreads)
        best, improved_at, kept = total, 0, None  # kept: the best seating, once left
        goal = weight * lower_bound
        steps = int(effort * max(MIN_STEPS, STEPS_PER_ENTRANT * n))
        patience = int(effort * max(MIN_PATIENCE, PATIENCE_PER_ENTRANT * n))
        deadline = time.perf_counter() + max(MIN_SECONDS, SECONDS_PER_ENTRANT * n)
        points, buckets, level_of = self.points, self.buckets, self.level_of
        last_level = len(self.levels) - 1
        random = rng.random
        stopped, step = "steps", 0
        for step in range(steps):
            if not step & 511:
                if not repeated.items and spread_total * weight <= goal + EPSILON:
                    stopped = "lower bound" if weight else "no repeat"
                    break
                if step - improved_at > patience * (4 if repeated.items else 1):
                    stopped = "no improvement"
                    break
                if time.perf_counter() > deadline:
                    stopped = "time"
                    break
            pick = random()
            stuck = step - improved_at > patience // 2
            at_repeat = repeated.items and pick < 0.7
            heat = KICK if at_repeat else 0.0
            if at_repeat:
                t = repeated.items[int(random() * len(repeated.items))]
            elif spread_out.items and pick < 0.9:
                heat = SPREAD_KICK if stuck else 0.0
                t = spread_out.items[int(random() * len(spread_out.items))]
            else:
                t = int(random() * count)
            home = tables[t]
            a = home[int(random() * len(home))]
            # A partner with a's points, a tablemate's points, or one score group away;
            # out of a repeat that closer partners have not dissolved for a while,
            # sometimes anyone (no spread is worth a repeat).
            choice = random()
            if at_repeat and choice < 0.2 and stuck:
                b = int(random() * n)
            else:
                if choice < 0.5:
                    level = level_of[points[a]]
                elif choice < 0.85:
                    level = level_of[points[home[int(random() * len(home))]]]
                else:
                    level = level_of[points[a]] + (1 if random() < 0.5 else -1)
                    level = 0 if level < 0 else last_level if level > last_level else level
                bucket = buckets[level]
                b = bucket[int(random() * len(bucket))]
            u = where[b]
            if u == t:
                continue
            away = tables[u]
            moved = len(home) == len(away) + 1 and random() < 0.5
            if moved:
                new_home = [m for m in home if m != a]
                new_away = [*away, a]
            else:
                new_home = [b if m == a else m for m in home]
                new_away = [a if m == b else m for m in away]
            home_cost, away_cost = cost(new_home), cost(new_away)
            delta = home_cost + away_cost - costs[t] - costs[u]
            if delta > EPSILON:
                # Out of a repeat no cheaper move leads: sometimes take a step that
                # widens a spread (never one that adds a repeat), keeping the best.
                if not heat or delta >= REPEAT / 2 or random() >= math.exp(-delta / heat):
                    continue
                if total <= best + EPSILON:
                    kept = [list(members) for members in tables]
            tables[t], tables[u] = new_home, new_away
            costs[t], costs[u] = home_cost, away_cost
            where[a] = u
            if not moved:
                where[b] = t
            repeated.put(t, home_cost >= CLUB)
            repeated.put(u, away_cost >= CLUB)
            if weight:
                home_spread, away_spread = spread(new_home), spread(new_away)
                spread_total += home_spread + away_spread - spreads[t] - spreads[u]
                spreads[t], spreads[u] = home_spread, away_spread
                spread_out.put(t, home_spread > 0)
                spread_out.put(u, away_spread > 0)
            total += delta
            if total < best - EPSILON:
                best, improved_at, kept = total, step, None
        if kept is not None and total > best + EPSILON:
            tables[:] = kept
        return {"steps": step + 1, "stopped": stopped}


def same_club_pairs(clubs, members) -> int:
    seen = Counter(clubs[m] for m in members if clubs[m])
    return sum(count * (count - 1) // 2 for count in seen.values())


def exhaustive(search: TableSearch, order: list[int], sizes: list[int]) -> list[list[int]]:
    """The cheapest seating of a small field, found by trying every one (branch and
    bound over the table of the first unseated entrant). Used where the field is small
    enough that a repeat-free seating, if there is one, must not be missed."""
    best = [math.inf, None]
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
