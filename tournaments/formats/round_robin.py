"""Round robin: the circle method for 2 seats; for 3 and 4 seats a resolvable design
where one is known (``designs.py``: affine planes, Kirkman triple systems, designs of
fours; every pair meets exactly once), otherwise a schedule searched for the fewest
repeats with no regard to standings. Every table says which design it follows and how
many repeat meetings the whole schedule has."""

from __future__ import annotations

import math
import random
from functools import lru_cache

from lib.refusal import Refusal
from tournaments.formats.base import (
    Format,
    History,
    PairingRequest,
    PlannedTable,
    gettext_noop,
)
from tournaments.formats.designs import design
from tournaments.formats.schedule_search import search_schedule
from tournaments.formats.seating import balance_seats, seat_note, table_sizes
from tournaments.formats.swiss import pair_by_cost


def circle_round(count: int, r: int) -> list[tuple[int, int]]:
    """Round ``r`` (0-based) of the circle method on ``count`` (even) positions."""
    ring = list(range(1, count))
    ring = ring[r % (count - 1) :] + ring[: r % (count - 1)]
    line = [0, *ring]
    return [(line[i], line[count - 1 - i]) for i in range(count // 2)]


class RoundRobin(Format):
    key = "round-robin"
    name = gettext_noop("Round robin")
    options = {}
    reads_places = False  # its schedule follows who met

    def rounds_for(self, entrants, table_size):
        if table_size == 2:
            return entrants - 1 if entrants % 2 == 0 else entrants
        known = design(entrants, table_size)
        if known:
            return len(known[1])
        return math.ceil((entrants - 1) / (table_size - 1))

    def is_complete(self, played, _planned, history) -> bool:
        """Every round of the schedule for the field that started it is played."""
        if not played:
            return False
        request = history()
        first = request.history.rounds[0]
        field = len({key for table in first for key in table.seats})
        return played >= self.rounds_for(field, request.table_size)

    def schedule(self, keys: list, k: int, r: int, seed: int):
        """Round ``r`` (0-based) of the planned schedule for ``keys`` (in drawn order):
        (design name, repeat meetings of the whole schedule, tables), or None past
        its end. A table holds None for a missing seat (the circle's bye)."""
        n = len(keys)
        if k == 2:
            slots = keys + [None] * (n % 2)
            return "circle", 0, [[slots[a], slots[b]] for a, b in circle_round(len(slots), r)]
        known = design(n, k)
        if known:
            if r >= len(known[1]):
                return None
            return known[0], 0, [[keys[p] for p in table] for table in known[1][r]]
        if r >= self.rounds_for(n, k):
            return None
        repeats, rounds = searched_schedule(tuple(keys), k, self.rounds_for(n, k), seed)
        return "searched", repeats, rounds[r]

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        if len(request.contenders) < 2:
            raise Refusal("a round robin needs at least two entrants")
        rng = random.Random(f"{request.seed}:round-robin")
        keys = sorted(c.key for c in request.contenders)
        rng.shuffle(keys)
        r, k = request.round_number - 1, request.table_size
        planned = None
        if self.followed(request.history, keys, k, request.seed):
            planned = self.schedule(keys, k, r, request.seed)
        if planned is None:
            # Past the schedule's end, or the field changed (a drop, a late entry):
            # minimise repeats against the real history instead.
            rng = random.Random(f"{request.seed}:round-robin:{request.round_number}")
            tables = pair_by_cost(request, rng, "smaller", standings=False)
            for t in tables:
                t.explanation["design"] = "searched"
            return tables
        name, repeats, schedule = planned
        counts = request.history.seat_counts()
        seat_rng = random.Random(f"{request.seed}:round-robin:seats:{r}")
        tables = []
        for members in schedule:
            present = [m for m in members if m is not None]
            if len(present) == 1:
                tables.append(PlannedTable([present[0]], {"bye": True}, bye=True))
                continue
            seats = balance_seats(present, counts, seat_rng)
            note = {
                "design": name,
                "round_of_design": r + 1,
                "schedule_repeats": repeats,
                "repeats_forced": [],
            }
            tables.append(PlannedTable(seats, {**note, "seat_balance": seat_note(seats, counts)}))
        return tables

    def every_round(self, keys: list, k: int, seed: int = 0) -> list[list[list]]:
        """The whole schedule for ``keys`` at tables of ``k``, the byes left out: how a
        bot round robin is played as one batch."""
        rounds = []
        for r in range(self.rounds_for(len(keys), k)):
            _, _, tables = self.schedule(list(keys), k, r, seed)
            present = [[m for m in table if m is not None] for table in tables]
            rounds.append([table for table in present if len(table) > 1])
        return rounds

    def followed(self, history: History, keys: list, k: int, seed: int) -> bool:
        """Whether every earlier round sat exactly as the schedule for ``keys`` says.
        A round that seated another field (a drop, a late entry) did not, which is known
        without searching a schedule that would be thrown away."""
        field = set(keys)
        for r, past in enumerate(history.rounds):
            if {key for table in past for key in table.seats} != field:
                return False
            planned = self.schedule(keys, k, r, seed)
            if planned is None:
                return False
            expected = {frozenset(m for m in t if m is not None) for t in planned[2]}
            if {frozenset(t.seats) for t in past} != expected:
                return False
        return True


@lru_cache(maxsize=32)
def searched_schedule(keys: tuple, size: int, rounds: int, seed: int) -> tuple[int, list]:
    """The whole schedule for ``keys`` (``schedule_search.py``): (its repeat meetings,
    its rounds of tables of keys, a table of one a bye)."""
    sizes, byes = table_sizes(len(keys), size)
    repeats, schedule = search_schedule(len(keys), sizes + [1] * byes, rounds, seed)
    return repeats, [[[keys[p] for p in table] for table in tables] for tables in schedule]
