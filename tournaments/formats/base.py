"""What every format speaks: entrants and history in, tables out. No Django here.

Words: an entrant's *key* is any hashable id (the database id in the site); *history*
is every earlier round as a list of tables, each a list of keys by seat with the places
if known; a *planned table* is the seats of one table (seat 0 starts) and why.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations


class FormatError(ValueError):
    """A request the organiser can fix (too few entrants, an unknown option)."""


@dataclass(frozen=True)
class Contender:
    key: int
    name: str = ""
    points: float = 0.0
    rank: int = 0
    seed: int = 0  # knockout seeding: 1 is the top seed; 0 means by rank


@dataclass(frozen=True)
class PastTable:
    seats: tuple  # entrant keys by seat position
    places: tuple = ()  # place per seat, same order; empty while unreported
    bye: bool = False


@dataclass
class History:
    rounds: list[list[PastTable]] = field(default_factory=list)

    def meetings(self) -> Counter:
        """How often each pair (smaller key first) has shared a table."""
        met = Counter()
        for tables in self.rounds:
            for table in tables:
                if not table.bye:
                    met.update(pair(a, b) for a, b in combinations(table.seats, 2))
        return met

    def seat_counts(self) -> dict:
        """Per entrant, how often it sat in each position."""
        counts: dict = {}
        for tables in self.rounds:
            for table in tables:
                if table.bye:
                    continue
                for position, key in enumerate(table.seats):
                    counts.setdefault(key, Counter())[position] += 1
        return counts

    def byes(self) -> Counter:
        return Counter(table.seats[0] for tables in self.rounds for table in tables if table.bye)


@dataclass
class PlannedTable:
    seats: list
    explanation: dict = field(default_factory=dict)
    bye: bool = False


@dataclass
class PairingRequest:
    contenders: list[Contender]  # active entrants, in standings order
    history: History
    table_size: int
    round_number: int
    seed: int


def pair(a, b) -> tuple:
    return (a, b) if a <= b else (b, a)


class Format:
    """A pairing strategy. Subclasses set ``key``, ``name``, ``options`` (name ->
    default) and implement ``pair``."""

    key = ""
    name = ""
    options: dict = {}
    pairs_rounds = True

    def __init__(self, **options):
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise FormatError(f"{self.name}: unknown option(s) {', '.join(unknown)}")
        self.settings = {**self.options, **options}

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        raise NotImplementedError

    def rounds_for(self, entrants: int, table_size: int) -> int | None:
        """The natural number of rounds, where the format has one."""
        return None
