"""A whole round robin's schedule searched at once, for fields with no known design.

Every round seats everyone at the same table sizes; the schedule is as good as the
search finds by two measures, weighed alike:

- meetings spread over the pairs: a pair that meets m times costs m(m - 1) / 2, so a
  repeat costs 1 and a pair meeting three times costs 3 (two repeats elsewhere are
  better than one pair playing thrice);
- the smaller tables (30 at fours: six 4s and two 3s) shared out: a person seated
  at one s times costs s(s - 1) / 2.

The search is simulated annealing over one move, two people of one round swapping
tables, drawn mostly at a person who meets a tablemate elsewhere too. Each move is
weighed in a few additions from the meeting counts. It runs a fixed number of steps
from seeded starts (no clock decides anything: the same seed gives the same schedule
on any machine) and stops early at the lower bound. Finding a schedule without any
repeat where one exists is the social golfer problem, hard in general: at 30 in
threes the search finds 21-23 repeats (at least 15 are forced) in 1.4 s of CPU,
where the round-by-round search it replaced found 24 in 17 s (``bench_round_robin``).

The rounds are then put in the order that leaves repeat meetings as late as they can
be: if the event ends early, or the field changes, the rounds played had the fewest.
"""

from __future__ import annotations

import math
import random

STARTS = 3
STEPS_PER_SEAT = 300  # steps per person per round, for each start
MOST_STEPS = 100_000  # a start's steps at most, however large the field
HOTTEST, COLDEST = 0.8, 0.05  # the temperature's walk, in units of one repeat
FOCUS_TRIES = 8  # draws looking for a person with a repeat at their table


def pairs(m: int) -> int:
    return m * (m - 1) // 2


class Schedule:
    """Rounds of tables of people 0..n-1, with how often each pair meets and how often
    each person sits at a smaller table, kept up to date by ``swap``."""

    def __init__(self, n: int, sizes: list[int]):
        self.n, self.sizes = n, sizes
        self.small = [size < sizes[0] for size in sizes]
        self.met = [[0] * n for _ in range(n)]
        self.smaller = [0] * n
        self.rounds: list[list[list[int]]] = []
        self.at: list[list[int]] = []
        self.cost = 0

    def add_rounds(self, count: int, rng: random.Random) -> None:
        """``count`` more rounds, seated at random."""
        n, sizes = self.n, self.sizes
        for _ in range(count):
            order = list(range(n))
            rng.shuffle(order)
            tables, at, start = [], [0] * n, 0
            for t, size in enumerate(sizes):
                table = order[start : start + size]
                start += size
                for p in table:
                    at[p] = t
                    self.smaller[p] += self.small[t]
                    row = self.met[p]
                    for q in table:
                        row[q] += p != q
                tables.append(table)
            self.rounds.append(tables)
            self.at.append(at)
        met = self.met
        self.cost = sum(pairs(met[p][q]) for p in range(n) for q in range(p + 1, n))
        self.cost += sum(map(pairs, self.smaller))

    def lower_bound(self) -> int:
        """The cost of meetings and smaller seats spread as evenly as they can be."""
        rounds, n = len(self.rounds), self.n
        meetings, pair_count = rounds * sum(map(pairs, self.sizes)), pairs(n)
        q, extra = divmod(meetings, pair_count)
        bound = (pair_count - extra) * pairs(q) + extra * pairs(q + 1)
        small_seats = rounds * sum(s for s in self.sizes if s < self.sizes[0])
        q, extra = divmod(small_seats, n)
        return bound + (n - extra) * pairs(q) + extra * pairs(q + 1)

    def change(self, r: int, a: int, b: int) -> int:
        """How the cost would change if ``a`` and ``b`` swapped tables in round ``r``."""
        at, tables = self.at[r], self.rounds[r]
        ta, tb = at[a], at[b]
        ma, mb = self.met[a], self.met[b]
        d = 0
        for x in tables[ta]:
            if x != a:
                d += mb[x] - ma[x] + 1
        for y in tables[tb]:
            if y != b:
                d += ma[y] - mb[y] + 1
        if self.small[ta] != self.small[tb]:
            # a moves to b's table and b to a's: one leaves a smaller table, one joins
            leaving, joining = (a, b) if self.small[ta] else (b, a)
            d += self.smaller[joining] - (self.smaller[leaving] - 1)
        return d

    def swap(self, r: int, a: int, b: int, d: int) -> None:
        """``a`` and ``b`` swap tables in round ``r``; ``d`` is what ``change`` said."""
        at, tables = self.at[r], self.rounds[r]
        ta, tb = at[a], at[b]
        self.replace(tables[ta], a, b)
        self.replace(tables[tb], b, a)
        at[a], at[b] = tb, ta
        if self.small[ta] != self.small[tb]:
            self.smaller[a] += self.small[tb] - self.small[ta]
            self.smaller[b] += self.small[ta] - self.small[tb]
        self.cost += d

    def replace(self, table: list[int], leaving: int, coming: int) -> None:
        met = self.met
        for x in table:
            if x != leaving:
                met[x][leaving] -= 1
                met[leaving][x] -= 1
                met[x][coming] += 1
                met[coming][x] += 1
        table[table.index(leaving)] = coming

    def repeats(self) -> int:
        """Repeat meetings: every meeting of a pair after its first."""
        met, n = self.met, self.n
        return sum(max(0, met[p][q] - 1) for p in range(n) for q in range(p + 1, n))


def anneal(schedule: Schedule, rng: random.Random, first: int) -> None:
    """Rounds from ``first`` on searched, those before it kept as they are. Written
    out for speed (a call a step for the tablemates' check took a third of the time;
    ``randrange`` half of it: ``random()`` scaled draws the same way, faster)."""
    bound = schedule.lower_bound()
    n, met, tables_of, at_of = schedule.n, schedule.met, schedule.rounds, schedule.at
    span = len(tables_of) - first
    steps = min(STEPS_PER_SEAT * n * span, MOST_STEPS)
    draw = rng.random
    for step in range(steps):
        if schedule.cost <= bound:
            return
        for _ in range(FOCUS_TRIES):  # a person meeting a tablemate elsewhere too
            r, a = first + int(draw() * span), int(draw() * n)
            at = at_of[r]
            if max(map(met[a].__getitem__, tables_of[r][at[a]])) > 1:  # met[a][a] is 0
                break
        b = int(draw() * n)
        if at[a] == at[b]:
            continue
        d = schedule.change(r, a, b)
        if d <= 0 or draw() < math.exp(-d / (HOTTEST * (COLDEST / HOTTEST) ** (step / steps))):
            schedule.swap(r, a, b, d)


def latest_repeats_order(stages: list[list[list[list[int]]]], n: int) -> list:
    """The rounds of each stage in turn, each stage ordered by ``stage_order``."""
    met = [[0] * n for _ in range(n)]
    return [tables for stage in stages for tables in stage_order(stage, met)]


def stage_order(stage: list[list[list[int]]], met: list[list[int]]) -> list:
    """The stage's rounds greedily: each next one the round that repeats the fewest
    meetings of those before it (``met``, kept up to date), of those the one sharing
    the fewest meetings with the rounds still left (it spoils the fewest of them), and
    of those the earliest."""
    meetings = [{(p, q) for t in tables for p in t for q in t if p < q} for tables in stage]
    left, ordered = list(range(len(stage))), []

    def weight(i):
        repeats = sum(met[p][q] for p, q in meetings[i])
        spoiled = sum(len(meetings[i] & meetings[j]) for j in left if j != i)
        return repeats, spoiled, i

    while left:
        chosen = min(left, key=weight)
        left.remove(chosen)
        ordered.append(stage[chosen])
        for p, q in meetings[chosen]:
            met[p][q] += 1
    return ordered


def search_schedule(n: int, sizes: list[int], rounds: int, seed) -> tuple[int, list]:
    """The best schedule of ``STARTS`` seeded starts for people 0..n-1 at tables of
    ``sizes`` (largest first, a size 1 a bye), ``rounds`` rounds: (its repeat
    meetings, its rounds of tables).

    The rounds that can go without a repeat (each person meets at most n - 1 others
    in them) are searched first and kept; the rest are searched after them. So the
    repeats fall in the last rounds, as they would round by round, and if the event
    ends early or the field changes the rounds played had none where none were forced."""
    clean = min(rounds, max(1, (n - 1) // max(1, sizes[0] - 1)))
    best: Schedule | None = None
    for start in range(STARTS):
        rng = random.Random(f"{seed}:schedule:{start}")
        schedule = Schedule(n, sizes)
        schedule.add_rounds(clean, rng)
        anneal(schedule, rng, 0)
        if rounds > clean:
            schedule.add_rounds(rounds - clean, rng)
            anneal(schedule, rng, clean)
        if best is None or schedule.cost < best.cost:
            best = schedule
        if best.cost <= best.lower_bound():
            break
    assert best is not None, "STARTS is at least one"
    stages = [best.rounds[:clean], best.rounds[clean:]]
    return best.repeats(), latest_repeats_order(stages, n)
