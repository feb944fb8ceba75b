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

    def cost(order):
        total = 0
        for position, key in enumerate(order):
            total += had[key].get(position, 0) * (START_WEIGHT if position == 0 else 1)
        return total

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
