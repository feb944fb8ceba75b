"""Knockout: a seeded bracket with byes for 2 seats; for 3-4 seats, heats whose top
``advance`` go on until one final table is left."""

from __future__ import annotations

import random

from lib.refusal import Refusal
from tournaments.formats.base import Format, PairingRequest, PlannedTable, gettext_noop
from tournaments.formats.seating import balance_seats, seat_note, table_sizes


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order: 1 meets size, and 1 and 2 only meet in
    the final (8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        total = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


class Knockout(Format):
    key = "knockout"
    name = gettext_noop("Knockout")
    options = {"advance": 0}
    draws_bracket = True
    option_help = {
        "advance": gettext_noop("entrants who go on from each table (0: half the table)")
    }

    extends = False
    complete_words = gettext_noop("the knockout is over: its final is played")

    def advance(self, table_size: int) -> int:
        return self.settings["advance"] or max(1, table_size // 2)

    def is_complete(self, played, _planned, history) -> bool:
        return bool(played) and self.final_played(history())

    def final_played(self, request: PairingRequest) -> bool:
        """The last round of the history was a single table with its result and no bye
        (the final), or every result is in and fewer than two of those it sent on are
        still in (the others dropped)."""
        last = request.history.rounds[-1]
        if len(last) == 1 and not last[0].bye and last[0].places:
            return True
        return all(table.places for table in last) and len(self.survivors(request)) < 2

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        if request.history.rounds and self.final_played(request):
            raise Refusal("the knockout is over: its final has a winner")
        if request.history.rounds:
            survivors = self.survivors(request)
        else:
            survivors = sorted(request.contenders, key=lambda c: (c.seed or 10**6, c.rank, c.key))
            survivors = [c.key for c in survivors]
        if len(survivors) < 2:
            raise Refusal("the knockout is over: one entrant is left")
        rng = random.Random(f"{request.seed}:knockout:{request.round_number}")
        counts = request.history.seat_counts()
        if request.table_size == 2:
            return self.bracket(survivors, counts, rng, first=not request.history.rounds)
        return self.heats(survivors, request.table_size, counts, rng)

    def survivors(self, request) -> list:
        active = {c.key for c in request.contenders}
        last = request.history.rounds[-1]
        advance = 1 if request.table_size == 2 else self.advance(request.table_size)
        keys = []
        for table in last:
            if table.bye:
                keys.append(table.seats[0])
                continue
            if not table.places:
                raise Refusal("every table of the last round needs a result first")
            by_place = sorted(zip(table.places, range(len(table.seats)), table.seats, strict=True))
            keys.extend(key for place, _, key in by_place if place <= advance)
        return [k for k in keys if k in active]

    def bracket(self, survivors, counts, rng, first):
        if first:
            size = 1
            while size < len(survivors):
                size *= 2
            slots = [survivors[s - 1] if s <= len(survivors) else None for s in bracket_order(size)]
        else:
            slots = survivors + [None] * (len(survivors) % 2)
        planned = []
        for i in range(0, len(slots), 2):
            present = [k for k in slots[i : i + 2] if k is not None]
            if len(present) == 1:
                planned.append(PlannedTable(present, {"bye": True, "bracket_slot": i // 2}, True))
                continue
            seats = balance_seats(present, counts, rng)
            note = {"bracket_slot": i // 2, "seat_balance": seat_note(seats, counts)}
            planned.append(PlannedTable(seats, note))
        return planned

    def heats(self, survivors, size, counts, rng):
        if len(survivors) <= size:
            seats = balance_seats(survivors, counts, rng)
            return [PlannedTable(seats, {"final": True, "seat_balance": seat_note(seats, counts)})]
        sizes, byes = table_sizes(len(survivors), size)
        tables = [[] for _ in sizes]
        # Snake seeding: best seeds spread over the heats.
        order = list(range(len(sizes))) + list(reversed(range(len(sizes))))
        step = 0
        for key in survivors[: sum(sizes)]:
            while len(tables[order[step % len(order)]]) >= sizes[order[step % len(order)]]:
                step += 1
            tables[order[step % len(order)]].append(key)
            step += 1
        planned = []
        for heat, members in enumerate(tables, start=1):
            seats = balance_seats(members, counts, rng)
            note = {
                "heat": heat,
                "advance": self.advance(size),
                "seat_balance": seat_note(seats, counts),
            }
            planned.append(PlannedTable(seats, note))
        for key in survivors[sum(sizes) :]:
            planned.append(PlannedTable([key], {"bye": True}, bye=True))
        return planned
