"""Round robin: the circle method for 2 seats; for 3 and 4 seats the affine plane where
one exists (9 at 3 seats, 16 at 4: every pair meets exactly once), otherwise the
repeat-minimising grouping with no regard to standings."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from tournaments.formats.base import (
    Contender,
    Format,
    FormatError,
    History,
    PairingRequest,
    PastTable,
    PlannedTable,
)
from tournaments.formats.seating import balance_seats, seat_note
from tournaments.formats.swiss import pair_by_cost

# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by table.
GF4_MUL = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]


def field(q: int):
    if q in (2, 3):
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    if q == 4:
        return (lambda a, b: a ^ b), (lambda a, b: GF4_MUL[a][b])
    return None


def affine_round(q: int, r: int) -> list[list[int]]:
    """Parallel class ``r`` (0..q) of the affine plane of order q on points x*q + y:
    lines y = m x + b for slope m = r < q, and the verticals x = c for r = q."""
    add, mul = field(q)
    if r == q:
        return [[c * q + y for y in range(q)] for c in range(q)]
    return [[x * q + add(mul(r, x), b) for x in range(q)] for b in range(q)]


def circle_round(count: int, r: int) -> list[tuple[int, int]]:
    """Round ``r`` (0-based) of the circle method on ``count`` (even) positions."""
    ring = list(range(1, count))
    ring = ring[r % (count - 1) :] + ring[: r % (count - 1)]
    line = [0, *ring]
    return [(line[i], line[count - 1 - i]) for i in range(count // 2)]


class RoundRobin(Format):
    key = "round-robin"
    name = "Round robin"
    options = {}

    def rounds_for(self, entrants, table_size):
        if table_size == 2:
            return entrants - 1 if entrants % 2 == 0 else entrants
        if entrants == table_size * table_size and field(table_size):
            return table_size + 1
        return math.ceil((entrants - 1) / (table_size - 1))

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        if len(request.contenders) < 2:
            raise FormatError("a round robin needs at least two entrants")
        rng = random.Random(f"{request.seed}:round-robin")
        keys = sorted(c.key for c in request.contenders)
        rng.shuffle(keys)
        r = request.round_number - 1
        k, n = request.table_size, len(keys)
        schedule = None
        if k == 2:
            slots = keys + [None] * (n % 2)
            schedule = [[slots[a], slots[b]] for a, b in circle_round(len(slots), r)]
        elif n == k * k and field(k) and r <= k:
            schedule = [[keys[p] for p in line] for line in affine_round(k, r)]
        elif r < self.rounds_for(n, k):
            schedule = searched_schedule(tuple(keys), k, self.rounds_for(n, k), request.seed)[r]
        met = request.history.meetings()
        if schedule is None or any(met.get(tuple(sorted(p))) for p in pairs_of(schedule)):
            # No fixed design, or the field changed (a drop, a late entry): minimise
            # repeats instead.
            rng = random.Random(f"{request.seed}:round-robin:{request.round_number}")
            tables = pair_by_cost(request, rng, "smaller", 0, 0.0)
            for t in tables:
                t.explanation["design"] = "searched"
            return tables
        counts = request.history.seat_counts()
        seat_rng = random.Random(f"{request.seed}:round-robin:seats:{r}")
        planned = []
        for members in schedule:
            present = [m for m in members if m is not None]
            if len(present) == 1:
                planned.append(PlannedTable([present[0]], {"bye": True}, bye=True))
                continue
            seats = balance_seats(present, counts, seat_rng)
            design = (
                "circle" if k == 2 else f"affine plane of order {k}" if n == k * k else "searched"
            )
            note = {"design": design, "round_of_design": r + 1, "repeats_forced": []}
            planned.append(PlannedTable(seats, {**note, "seat_balance": seat_note(seats, counts)}))
        return planned


ATTEMPTS = 40


@lru_cache(maxsize=32)
def searched_schedule(keys: tuple, size: int, rounds: int, seed: int) -> list:
    """The whole schedule, round by round through the repeat-minimising grouping,
    tried from up to ``ATTEMPTS`` seeded starts; the one with the fewest repeats wins."""
    best = None
    for attempt in range(ATTEMPTS):
        history, schedule = History(), []
        for number in range(1, rounds + 1):
            request = PairingRequest([Contender(key=k) for k in keys], history, size, number, seed)
            rng = random.Random(f"{seed}:round-robin:{attempt}:{number}")
            tables = pair_by_cost(request, rng, "smaller", 0, 0.0)
            history.rounds.append([PastTable(tuple(t.seats), (), t.bye) for t in tables])
            schedule.append([list(t.seats) for t in tables])
        repeats = sum(c - 1 for c in history.meetings().values())
        if best is None or repeats < best[0]:
            best = (repeats, schedule)
        if repeats == 0:
            break
    return best[1]


def pairs_of(schedule):
    for members in schedule:
        present = [m for m in members if m is not None]
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                yield a, b
