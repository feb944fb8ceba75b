"""Table sizes for a round and who starts: shared by every format."""

from __future__ import annotations

import math
import random
from itertools import permutations

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
    had = {key: seat_counts.get(key, {}) for key in members}
    if not any(had.values()):
        return members  # nobody has sat anywhere yet: the shuffle decides

    # Each member's cost in each seat, weighed once (60,000 orders at 10,000 entrants).
    weighed = {
        key: [had[key].get(p, 0) * (START_WEIGHT if p == 0 else 1) for p in range(len(members))]
        for key in members
    }

    def cost(order):
        return sum([weighed[key][position] for position, key in enumerate(order)])

    return list(min(permutations(members), key=cost))


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
