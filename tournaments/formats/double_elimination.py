"""Double elimination: nobody is out before a second loss.

Words: the *winners' bracket* holds those who have not lost; a *loss* (at 2 seats,
second place; at 3-4 seats, a place below the top ``advance``) drops an entrant to the
*losers' bracket*, and a loss there puts them out. Both brackets play in the same
round. When each bracket has one entrant left they meet in the *grand final*; if the
losers' bracket champion wins it, both have lost once, and with ``bracket_reset`` (the
default) they play once more, the *bracket reset*; without it the grand final decides.

At 3-4 seats the brackets play heats: the top ``advance`` of a heat stay in their
bracket (in proportion at a smaller table), and once a bracket fits one table it plays
a bracket final whose winner alone stays. The grand final is always a table of two.

The state is replayed from the history each round (no stored bracket), so a result
corrected before the next round is followed. Explanations name the bracket, its round
and the final, which the event page draws as the bracket.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from lib.refusal import Refusal
from tournaments.formats.base import Format, History, PairingRequest, PlannedTable, gettext_noop
from tournaments.formats.knockout import bracket_order
from tournaments.formats.seating import balance_seats, seat_note, table_sizes

WINNERS = "winners"
LOSERS = "losers"
GRAND_FINAL = "grand final"
RESET = "bracket reset"


@dataclass
class Bracket:
    """Where everyone stands after the history: 0 or 1 loss, out, and in what order
    each bracket seats its entrants."""

    losses: dict = field(default_factory=dict)
    order: dict = field(default_factory=dict)  # key -> sort key inside its bracket
    rounds: dict = field(default_factory=lambda: {WINNERS: 0, LOSERS: 0})
    finals: list = field(default_factory=list)  # GRAND_FINAL / RESET played so far
    champion: object = None

    def members(self, losses: int, active) -> list:
        keys = [k for k, n in self.losses.items() if n == losses and k in active]
        return sorted(keys, key=lambda k: self.order[k])


class DoubleElimination(Format):
    key = "double-elimination"
    name = gettext_noop("Double elimination")
    options = {"advance": 0, "bracket_reset": True}
    option_help = {
        "advance": gettext_noop("entrants who go on from each table (0: half the table)"),
        "bracket_reset": gettext_noop(
            "a second final when the lower bracket's winner takes the first"
        ),
    }
    draws_bracket = True
    extends = False
    complete_words = gettext_noop("the double elimination is over: it has its champion")

    def is_complete(self, played, _planned, history) -> bool:
        """It has its champion, or fewer than two entrants are left in it."""
        if not played:
            return False
        request = history()
        if not all(table.places for table in request.history.rounds[-1]):
            return False
        active = {c.key for c in request.contenders}
        seeded = sorted(request.contenders, key=lambda c: (c.seed or 10**6, c.rank, c.key))
        state = self.replay(request.history, [c.key for c in seeded], request.table_size)
        left = state.members(0, active) + state.members(1, active)
        return state.champion is not None or len(left) < 2

    def advance(self, table_size: int) -> int:
        return self.settings["advance"] or max(1, table_size // 2)

    def staying(self, seats: int, table_size: int, final: bool) -> int:
        """How many of a table of ``seats`` stay in their bracket."""
        if final:
            return 1
        return max(1, (seats * self.advance(table_size) + table_size // 2) // table_size)

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        k = request.table_size
        active = {c.key for c in request.contenders}
        seeded = sorted(request.contenders, key=lambda c: (c.seed or 10**6, c.rank, c.key))
        state = self.replay(request.history, [c.key for c in seeded], k)
        if state.champion is not None:
            raise Refusal("the double elimination is over: it has its champion")
        winners, losers = state.members(0, active), state.members(1, active)
        if len(winners) + len(losers) < 2:
            raise Refusal("the double elimination is over: one entrant is left")
        rng = random.Random(f"{request.seed}:double-elimination:{request.round_number}")
        counts = request.history.seat_counts()
        reset = not winners and len(losers) == 2 and state.finals
        if (len(winners) == 1 and len(losers) == 1) or reset:
            stage = RESET if reset else GRAND_FINAL
            seats = balance_seats(winners + losers, counts, rng)
            note = {"bracket": stage, "final": True, "seat_balance": seat_note(seats, counts)}
            return [PlannedTable(seats, note)]
        planned = []
        first = not request.history.rounds
        met = request.history.meetings()
        if len(winners) > 1:
            planned += self.heats(winners, WINNERS, state, k, counts, rng, first, met)
        if len(losers) > 1:
            planned += self.heats(losers, LOSERS, state, k, counts, rng, False, met)
        return planned

    def heats(self, keys, bracket, state, k, counts, rng, first, met) -> list[PlannedTable]:
        number = state.rounds[bracket] + 1
        final = len(keys) <= k
        if final:
            groups, byes = [keys], []
        elif k == 2:
            groups, byes = self.pairs(keys, first, met)
        else:
            groups, byes = self.snake(keys, k)
        planned = []
        for members in groups:
            seats = balance_seats(members, counts, rng)
            note = {
                "bracket": bracket,
                "bracket_round": number,
                "final": final,
                "stay": self.staying(len(members), k, final),
                "seat_balance": seat_note(seats, counts),
            }
            planned.append(PlannedTable(seats, note))
        for key in byes:
            planned.append(
                PlannedTable(
                    [key], {"bye": True, "bracket": bracket, "bracket_round": number}, True
                )
            )
        return planned

    @staticmethod
    def pairs(keys, first, met):
        """Two seats: the first round in seed order (1 meets the last, top seeds
        apart, byes to the top seeds); later rounds neighbours in bracket order, a
        rematch swapped for the next pairing where one is free."""
        if first:
            size = 1
            while size < len(keys):
                size *= 2
            slots = [keys[s - 1] if s <= len(keys) else None for s in bracket_order(size)]
            groups, byes = [], []
            for i in range(0, size, 2):
                present = [x for x in slots[i : i + 2] if x is not None]
                (groups if len(present) == 2 else byes).append(
                    present if len(present) == 2 else present[0]
                )
            return groups, byes
        keys = list(keys)
        byes = [keys.pop(0)] if len(keys) % 2 else []
        for i in range(0, len(keys) - 2, 2):
            a, b, c = keys[i], keys[i + 1], keys[i + 2]
            if met.get((min(a, b), max(a, b))) and not met.get((min(a, c), max(a, c))):
                keys[i + 1], keys[i + 2] = c, b
        return [keys[i : i + 2] for i in range(0, len(keys), 2)], byes

    @staticmethod
    def snake(keys, k):
        sizes, bye_count = table_sizes(len(keys), k)
        tables = [[] for _ in sizes]
        order = list(range(len(sizes))) + list(reversed(range(len(sizes))))
        step = 0
        for key in keys[: sum(sizes)]:
            while len(tables[order[step % len(order)]]) >= sizes[order[step % len(order)]]:
                step += 1
            tables[order[step % len(order)]].append(key)
            step += 1
        return tables, keys[sum(sizes) :]

    def replay(self, history: History, seeded: list, k: int) -> Bracket:
        """The bracket after every round of ``history``; ``seeded`` is the seed order."""
        state = Bracket()
        for position, key in enumerate(seeded):
            state.losses[key], state.order[key] = 0, (0, 0, position)
        for number, tables in enumerate(history.rounds, start=1):
            before = dict(state.losses)
            for table in tables:
                for key in table.seats:
                    before.setdefault(key, 0)
                    state.losses.setdefault(key, 0)
                    state.order.setdefault(key, (0, 0, len(state.order)))
            seated = self.seated(tables, before)
            for slot, table in enumerate(tables):
                if table.bye:
                    state.order[table.seats[0]] = (number, 0, slot)
                    continue
                if not table.places:
                    raise Refusal("every table of the last round needs a result first")
                ranked = [key for _, key in sorted(zip(table.places, table.seats, strict=True))]
                levels = {before[key] for key in table.seats}
                if levels == {0, 1} or (state.finals and state.champion is None):
                    self.final(state, ranked, levels == {0, 1})
                    continue
                bracket = WINNERS if levels == {0} else LOSERS
                final = seated[bracket] == [1, 0]
                stay = self.staying(len(ranked), k, final)
                for place, key in enumerate(ranked):
                    if place >= stay:
                        state.losses[key] = before[key] + 1
                        # Those who drop enter the losers' bracket in the order they
                        # fell, the later rounds after the earlier.
                        state.order[key] = (number, 1, slot * k + place)
                    else:
                        state.order[key] = (number, 0, slot * k + place)
            for bracket, (played, _) in seated.items():
                state.rounds[bracket] += bool(played)
        return state

    @staticmethod
    def seated(tables: list, before: dict) -> dict:
        """Each bracket's tables and byes in a round, [tables, byes]: a bracket that sat
        at one table with nobody on a bye played its final."""
        seated = {WINNERS: [0, 0], LOSERS: [0, 0]}
        for table in tables:
            levels = {before[key] for key in table.seats}
            if len(levels) == 1 and min(levels) < 2:
                seated[WINNERS if levels == {0} else LOSERS][1 if table.bye else 0] += 1
        return seated

    def final(self, state: Bracket, ranked: list, grand: bool) -> None:
        """A grand final (one unbeaten, one with a loss) or a bracket reset."""
        winner, loser = ranked[0], ranked[1]
        state.finals.append(GRAND_FINAL if grand else RESET)
        if grand and state.losses[winner] == 0:
            state.losses[loser] = 2
            state.champion = winner
        elif grand and self.settings["bracket_reset"]:
            state.losses[loser] = 1  # both have lost once: the reset decides
        else:
            state.losses[loser] = 2
            state.champion = winner
