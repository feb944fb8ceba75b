"""Swiss for tables of 2 to 4 (or more): entrants close in the standings meet, nobody
meets anyone again where that can be avoided, and who starts rotates.

Pairing is a search to a stated cost (``search.py``): no avoidable repeat meeting
first, then the smallest score spread (``spread.py``), then seat balance. Each table's
explanation says which of these forced any spread it has."""

from __future__ import annotations

import math
import random

from lib.refusal import Refusal
from tournaments.formats.base import Format, PairingRequest, PlannedTable, gettext_noop
from tournaments.formats.search import CLUB, REPEAT, TableSearch, exhaustive
from tournaments.formats.seating import FILL_BYES, FILL_SMALLER, balance_seats, seat_note
from tournaments.formats.seating import table_sizes as sizes_for
from tournaments.formats.spread import SPREAD_NONE, cheapest_cut, spread_reasons

# Fields whose every seating can be tried (the count of seatings, not of entrants).
EXHAUSTIVE_SEATINGS = 20_000
# Searches for fewer repeats, where the first leaves some: from the seating found, then
# from shuffles of the whole field (in fields of up to RESTARTS_UP_TO; one in larger).
REPEAT_RESTARTS = 4
RESTARTS_UP_TO = 100


class Swiss(Format):
    key = "swiss"
    name = gettext_noop("Swiss")
    cut_to = "knockout"
    reviews_pairings_from = 16
    reads_places = False  # who met and where they sat: the standings bring the points
    options = {"fill": FILL_SMALLER, "cut": 0}
    option_help = {
        "fill": gettext_noop("when the count does not divide: 'smaller' tables or 'byes'"),
        "cut": gettext_noop(
            "after the last round, the best this many play on in a knockout (0: no cut)"
        ),
    }

    def __init__(self, **options):
        super().__init__(**options)
        if self.settings["fill"] not in (FILL_SMALLER, FILL_BYES):
            raise Refusal(
                f"Swiss: fill must be {FILL_SMALLER!r} or {FILL_BYES!r}", field="format_options"
            )
        if self.settings["cut"] == 1:
            raise Refusal("Swiss: cut must be 0 (no cut) or at least 2", field="format_options")

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        rng = random.Random(f"{request.seed}:swiss:{request.round_number}")
        return pair_by_cost(request, rng, self.settings["fill"], standings=True)


def standings_order(contenders, rng) -> list:
    """By points, then the rank the standings gave; equal entrants in a seeded order."""
    draw = {c.key: rng.random() for c in sorted(contenders, key=lambda c: c.key)}
    return sorted(contenders, key=lambda c: (-c.points, c.rank, draw[c.key]))


def seatings(count: int, sizes: list[int]) -> float:
    """How many ways there are to seat ``count`` entrants at tables of ``sizes``
    (infinite past 14: far more than any exhaustive search can try)."""
    if count > 14:
        return math.inf
    total = math.factorial(count)
    for size in sizes:
        total //= math.factorial(size)
    for size in set(sizes):
        total //= math.factorial(sizes.count(size))
    return total


def take_byes(ordered, bye_count, history) -> list[PlannedTable]:
    """The lowest-placed among those with the fewest byes sit out (removed from
    ``ordered``); nobody kept at a fixed table while others can sit out."""
    had_bye = history.byes()
    candidates = sorted(
        range(len(ordered)),
        key=lambda i: (bool(ordered[i].fixed_table), had_bye.get(ordered[i].key, 0), -i),
    )
    planned = []
    for i in sorted(candidates[:bye_count], reverse=True):
        c = ordered.pop(i)
        planned.append(
            PlannedTable(
                seats=[c.key],
                bye=True,
                explanation={"bye": True, "byes_before": had_bye.get(c.key, 0)},
            )
        )
    return planned


def pair_by_cost(request: PairingRequest, rng, fill, standings: bool):
    """Seat the request's entrants to the cost of ``search.py``; ``standings`` False
    leaves points out of it (a round robin)."""
    history = request.history
    ordered = standings_order(request.contenders, rng)
    sizes, bye_count = sizes_for(len(ordered), request.table_size, fill)
    byes = take_byes(ordered, bye_count, history) if bye_count else []
    keys = [c.key for c in ordered]
    index = {key: i for i, key in enumerate(keys)}
    points = [float(c.points) if standings else 0.0 for c in ordered]
    met = meetings_by_index(history, index)
    seat_counts = history.seat_counts()
    starts = [seat_counts.get(key, {}).get(0, 0) for key in keys]
    clubs = club_numbers(ordered) if request.avoid_same_club else None
    fixed = [c.fixed_table for c in ordered]
    search = TableSearch(points, met, starts, 1.0 if standings else 0.0, clubs, fixed)
    lower_bound, cut = cheapest_cut(points, sizes)
    if seatings(len(keys), sizes) <= EXHAUSTIVE_SEATINGS:
        tables = exhaustive(search, list(range(len(keys))), cut)
        figures = {"steps": 0, "stopped": "every seating tried"}
    else:
        tables, start = [], 0
        for size in cut:
            tables.append(list(range(start, start + size)))
            start += size
        figures = search.run(tables, rng, lower_bound)
        tables = fewer_repeats(search, tables, rng, lower_bound)
    tables.sort(key=lambda members: (-max(points[m] for m in members), min(members)))
    reasons = spread_reasons(points, tables, cut) if standings else {}
    group_tops = sorted(set(points), reverse=True)
    round_spread = sum(search.spread(t) for t in tables)
    result = []
    for number, members in enumerate(tables):
        seats = balance_seats([keys[i] for i in members], seat_counts, rng)
        note = explain(members, keys, points, met, group_tops, seat_counts, seats)
        if clubs:
            note["same_club"] = same_club(members, ordered, clubs)
        note["tables"] = len(tables)
        if standings:
            note["spread_reason"] = reasons.get(number, SPREAD_NONE)
            note["round_spread"] = round_spread
            note["round_spread_lower_bound"] = lower_bound
            note["search"] = figures
        result.append(PlannedTable(seats=seats, explanation=note))
    return result + byes


def meetings_by_index(history, index: dict) -> list[dict[int, int] | None]:
    """Per entrant (by ``index``, their key's), how often they met each other entrant
    (by index), or None for nobody: what ``History.meetings`` counts, read straight
    into the search's form (at 10,000 entrants the pairs' counter and then its copy by
    index took three times as long)."""
    met: list[dict[int, int] | None] = [None] * len(index)
    for tables in history.rounds:
        for table in tables:
            if table.bye:
                continue
            seated = [index[key] for key in table.seats if key in index]
            for i in seated:
                met_i = met[i]
                if met_i is None:
                    met[i] = met_i = {}
                for j in seated:
                    if j != i:
                        met_i[j] = met_i.get(j, 0) + 1
    return met


def fewer_repeats(search: TableSearch, tables, rng, lower_bound: float):
    """``tables``, or a seating with fewer repeat meetings when one is found.

    The search walks mostly within score groups, and at large tables (5 or 6 seats)
    late rounds leave so few strangers to meet that the way out of a repeat crosses
    several groups at once. So where repeats remain, a second search that weighs
    repeats only (and the organiser's rules: fixed tables, clubs) looks for a seating
    with fewer; the spread is then narrowed from it again (the search never adds a
    repeat back), and the cheaper seating of the two is kept."""
    if not any(search.cost(members) >= CLUB for members in tables):
        return tables
    # Points all equal: partners are drawn from the whole field, not by score group.
    flat = [0.0] * len(search.points)
    bare = TableSearch(flat, search.met, search.starts, 0.0, search.clubs, search.fixed)
    trial, fewest = tables, repeat_count(search, tables)
    restarts = REPEAT_RESTARTS if len(flat) <= RESTARTS_UP_TO else 1
    for restart in range(restarts):
        start = [list(members) for members in tables]
        if restart:  # the others from the whole field shuffled, at the same table sizes
            shuffled = [m for members in tables for m in members]
            rng.shuffle(shuffled)
            start = [[shuffled.pop() for _ in members] for members in tables]
        bare.run(start, rng, 0.0)
        count = repeat_count(search, start)
        if count < fewest:
            trial, fewest = start, count
        if not fewest:
            break
    if trial is tables:
        return tables
    search.run(trial, rng, lower_bound)
    cost = search.cost
    return trial if sum(map(cost, trial)) < sum(map(cost, tables)) else tables


def repeat_count(search: TableSearch, tables) -> int:
    """The repeat meetings of a seating."""
    met = search.met
    return sum(
        (met[a] or {}).get(b, 0)
        for members in tables
        for x, a in enumerate(members)
        for b in members[x + 1 :]
    )


def club_numbers(ordered) -> list[int]:
    """A number per entrant for their club (0: none), clubs told apart regardless of
    case and surrounding spaces."""
    numbers: dict[str, int] = {}
    result = []
    for contender in ordered:
        club = contender.club.strip().casefold()
        result.append(numbers.setdefault(club, len(numbers) + 1) if club else 0)
    return result


def same_club(members, ordered, clubs) -> list[dict]:
    """Pairs at the table from one club: no seating the search found kept them apart."""
    return [
        {"pair": [ordered[i].key, ordered[j].key], "club": ordered[i].club.strip()}
        for x, i in enumerate(members)
        for j in members[x + 1 :]
        if clubs[i] and clubs[i] == clubs[j]
    ]


def explain(members, keys, points, met, tops, counts, seats) -> dict:
    table_points = [points[i] for i in members]
    high = max(table_points)
    forced = [
        {"pair": [keys[i], keys[j]], "met_before": met[i][j]}
        for x, i in enumerate(members)
        if met[i]
        for j in members[x + 1 :]
        if j in met[i]
    ]
    return {
        "score_group": {"high": high, "low": min(table_points), "group": tops.index(high) + 1},
        "pulled_up": [keys[i] for i in members if points[i] < high],
        "repeats_forced": forced,
        "forced_reason": "no seating without it was found" if forced else "",
        "seat_balance": seat_note(seats, counts),
    }


__all__ = ["REPEAT", "Swiss", "pair_by_cost", "standings_order"]
