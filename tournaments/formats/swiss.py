"""Swiss for tables of 2 to 4 (or more): entrants close in the standings meet, nobody
meets anyone again where that can be avoided, and who starts rotates."""

from __future__ import annotations

import random

from tournaments.formats.base import Format, FormatError, PairingRequest, PlannedTable, pair
from tournaments.formats.grouping import Grouping, chunk, default_window
from tournaments.formats.seating import FILL_BYES, FILL_SMALLER, balance_seats, seat_note
from tournaments.formats.seating import table_sizes as sizes_for


class Swiss(Format):
    key = "swiss"
    name = "Swiss"
    options = {"fill": FILL_SMALLER, "window": 0}

    def __init__(self, **options):
        super().__init__(**options)
        if self.settings["fill"] not in (FILL_SMALLER, FILL_BYES):
            raise FormatError(f"Swiss: fill must be {FILL_SMALLER!r} or {FILL_BYES!r}")

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        rng = random.Random(f"{request.seed}:swiss:{request.round_number}")
        return pair_by_cost(request, rng, self.settings["fill"], self.settings["window"], 1.0)


def standings_order(contenders, rng) -> list:
    """By points, then the rank the standings gave; equal entrants in a seeded order."""
    draw = {c.key: rng.random() for c in sorted(contenders, key=lambda c: c.key)}
    return sorted(contenders, key=lambda c: (-c.points, c.rank, draw[c.key]))


def pair_by_cost(request: PairingRequest, rng, fill, window, standings_weight):
    history = request.history
    ordered = standings_order(request.contenders, rng)
    sizes, bye_count = sizes_for(len(ordered), request.table_size, fill)
    planned = []
    if bye_count:
        had_bye = history.byes()
        # The lowest-placed among those with the fewest byes sit out.
        candidates = sorted(range(len(ordered)), key=lambda i: (had_bye.get(ordered[i].key, 0), -i))
        out = sorted(candidates[:bye_count])
        for i in reversed(out):
            c = ordered.pop(i)
            planned.append(
                PlannedTable(
                    seats=[c.key],
                    bye=True,
                    explanation={"bye": True, "byes_before": had_bye.get(c.key, 0)},
                )
            )
    met = history.meetings()
    keys = [c.key for c in ordered]
    points = [c.points for c in ordered]
    grouping = Grouping(keys, points, met, standings_weight)
    tables = chunk(list(range(len(ordered))), sizes)
    before = [grouping.repeats(t) for t in tables]
    swaps = grouping.improve(tables, window or default_window(len(tables)))
    seat_counts = history.seat_counts()
    group_tops = sorted({c.points for c in ordered}, reverse=True)
    result = []
    for index, members in enumerate(tables):
        seats = balance_seats([keys[i] for i in members], seat_counts, rng)
        result.append(
            PlannedTable(
                seats=seats,
                explanation=explain(
                    members,
                    keys,
                    points,
                    met,
                    grouping,
                    swaps[index],
                    before[index],
                    group_tops,
                    seat_counts,
                    seats,
                    len(tables),
                ),
            )
        )
    return result + planned


def explain(members, keys, points, met, grouping, swaps, before, tops, counts, seats, n):
    table_points = [points[i] for i in members]
    high = max(table_points)
    forced = [
        {"pair": [keys[i], keys[j]], "met_before": met[pair(keys[i], keys[j])]}
        for x, i in enumerate(members)
        for j in members[x + 1 :]
        if met.get(pair(keys[i], keys[j]))
    ]
    return {
        "score_group": {"high": high, "low": min(table_points), "group": tops.index(high) + 1},
        "pulled_up": [keys[i] for i in members if points[i] < high],
        "repeats_avoided": swaps,
        "repeats_at_start": before,
        "repeats_forced": forced,
        "forced_reason": "no swap with a nearby table removed it without another repeat"
        if forced
        else "",
        "seat_balance": seat_note(seats, counts),
        "tables": n,
    }
