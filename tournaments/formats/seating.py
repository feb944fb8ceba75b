"""Table sizes for a round and who starts: shared by every format."""

from __future__ import annotations

import math
import random
from functools import lru_cache
from itertools import permutations, repeat

FILL_SMALLER = "smaller"
FILL_BYES = "byes"

# Starting (seat 0) matters most in Call to Glory; later seats are balanced lightly.
START_WEIGHT = 3


def table_sizes(count: int, size: int, fill: str = FILL_SMALLER) -> tuple[list[int], int]:
    """Table sizes (largest first) and the number of byes for ``count`` entrants at
    tables of ``size``. ``smaller``: as many tables as needed, filled out with tables
    of fewer seats (30 at 4: six 4s and two 3s); ``byes``: full tables only, the rest
    sit out. A table of one is a bye either way."""
    if count <= 0:
        return [], 0
    if fill == FILL_BYES:
        tables = count // size
        if tables == 0:
            return ([count], 0) if count >= 2 else ([], count)
        return [size] * tables, count - tables * size
    tables = math.ceil(count / size)
    base, extra = divmod(count, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    byes = sizes.count(1)
    return [s for s in sizes if s >= 2], byes


def balance_seats(members: list, seat_counts: dict, rng: random.Random) -> list:
    """Order a table's members so that who starts (seat 0), and then each later seat,
    goes to whoever has had it least; ties broken by the seeded ``rng``."""
    members = list(members)
    rng.shuffle(members)
    if len(members) > 5:
        return sorted(members, key=lambda key: seat_counts.get(key, {}).get(0, 0))
    had = [seat_counts.get(key, {}) for key in members]
    if not any(had):
        return members  # nobody has sat anywhere yet: the shuffle decides
    positions = range(len(members))
    sat = tuple(tuple(map(counts.get, positions, repeat(0))) for counts in had)
    return [members[i] for i in cheapest_order(sat)]


@lru_cache(maxsize=4096)
def cheapest_order(sat: tuple) -> tuple:
    """The order of the members (by index) whose seats they have had least: ``sat``
    holds how often each member sat in each seat; a start weighs ``START_WEIGHT``. The
    first cheapest in the order of ``permutations``. A round of 10,000 entrants weighs
    2,500 tables' 24 orders each, and its tables repeat few patterns: remembered."""
    weighed = [(row[0] * START_WEIGHT, *row[1:]) for row in sat]
    best: tuple = ()
    fewest = math.inf
    for order in permutations(range(len(sat))):
        cost = 0
        for position, member in enumerate(order):
            cost += weighed[member][position]
        if cost < fewest:
            best, fewest = order, cost
    return best


def seat_note(order: list, seat_counts: dict) -> dict:
    starter = order[0]
    return {
        "starter": starter,
        "started_before": seat_counts.get(starter, {}).get(0, 0),
        "others_started_before": {
            str(key): seat_counts.get(key, {}).get(0, 0) for key in order[1:]
        },
    }


def place_fixed_tables(planned: list, fixed: dict) -> tuple[list, list]:
    """The planned tables (played first, then byes) renumbered so that each entrant with
    a fixed table (``fixed``: key -> number from 1) sits at that number, the others'
    tables keeping their order in the free numbers; and the keys that could not be
    placed (two numbers at one table, a number past the round's tables, or a bye).
    Each kept table's explanation names who is fixed there."""
    played = [t for t in planned if not t.bye]
    slots: list = [None] * len(played)
    free, unplaced = [], []
    for table in played:
        held = [key for key in table.seats if key in fixed]
        numbers = {fixed[key] for key in held}
        number = numbers.pop() if len(numbers) == 1 else 0
        if number and number <= len(slots) and slots[number - 1] is None:
            table.explanation["fixed_table"] = held
            slots[number - 1] = table
        else:
            unplaced.extend(held)
            free.append(table)
    free.reverse()
    ordered = [slot if slot is not None else free.pop() for slot in slots]
    byes = [t for t in planned if t.bye]
    unplaced.extend(key for t in byes for key in t.seats if key in fixed)
    return ordered + byes, unplaced
