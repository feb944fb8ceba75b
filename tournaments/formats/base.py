"""What every format speaks: entrants and history in, tables out. No Django here.

Words: an entrant's *key* is any hashable id (the database id in the site); *history*
is every earlier round as a list of tables, each a list of keys by seat with the places
if known; a *planned table* is the seats of one table (seat 0 starts) and why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations

from lib.refusal import Refusal


def gettext_noop(message: str) -> str:
    """Marks a name people read (a format's, a tie-break's) for translation without
    importing Django; the pages translate it when they show it."""
    return message


@dataclass(frozen=True)
class Contender:
    key: int
    name: str = ""
    points: float = 0.0
    rank: int = 0
    seed: int = 0  # knockout seeding: 1 is the top seed; 0 means by rank
    club: str = ""  # kept apart from the same club where the event asks
    fixed_table: int = 0  # the table number they sit at every round; 0: anywhere
    team: int = 0  # a team event: the team's key (0: in no team)
    board: int = 0  # a team event: the member's board in their team (1 the first)


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
        met: Counter = Counter()
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
                    sat = counts.get(key)
                    if sat is None:
                        counts[key] = sat = {}
                    sat[position] = sat.get(position, 0) + 1
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
    avoid_same_club: bool = False


def check_option(format_name: str, option: str, value, default) -> None:
    """A format option takes a value of its default's type (a whole number of at least
    0 for a number), else a refusal naming it."""
    kind = type(default)
    if kind is int:
        fits = type(value) is int and 0 <= value <= 1_000_000
    else:
        fits = type(value) is kind
    if not fits:
        wanted = "a whole number from 0 to 1000000" if kind is int else kind.__name__
        raise Refusal(
            f"{format_name}: option {option} must be {wanted}, not {value!r}",
            field="format_options",
        )


def pair(a, b) -> tuple:
    return (a, b) if a <= b else (b, a)


class Format:
    """A pairing strategy. Subclasses set ``key``, ``name``, ``options`` (name ->
    default: a value of the default's type is expected), ``option_help`` (name -> one
    line for the organiser) and implement ``pair``; they may change how the standings
    rank and whether games are logged as they are played instead of paired."""

    key = ""
    name = ""
    options: dict = {}
    option_help: dict = {}
    pairs_rounds = True
    draws_bracket = False  # the event page draws the rounds as a bracket
    cut_to = ""  # the format a cut to the best plays on in (a key here), if any
    # Games are logged when they are played (any 2 to 4 entrants), not paired.
    logs_games = False
    # Rounds can be added after the format is complete (by an organiser, with a reason):
    # a Swiss or a round robin can pair on; a bracket that has its winner cannot.
    extends = True
    # Entrants play in teams (``tournaments.teams``): a team Swiss.
    has_teams = False
    # ``pair`` reads the places of past tables (a bracket's winners, a team's game
    # points); a format that reads only who met and where they sat is given none, and
    # pairing skips reading them (``tournaments.history.load_history``).
    reads_places = True
    # Why the format is complete, in people's words (the life cycle's "not now").
    complete_words = gettext_noop("every round of the event is played")
    # From this many entrants a round is paired as a draft for the organiser to review
    # (unless the event says otherwise); None: never by default.
    reviews_pairings_from: int | None = None
    # The standings: the keys always ranked first, and the tie-breaks after them when
    # the organiser has chosen none (keys of ``tournaments.tiebreak_names``).
    standings_lead: tuple = ("points",)
    default_tiebreaks: tuple = (
        "score_total",
        "opponents_points",
        "wins",
        "best_round",
        "head_to_head",
    )

    def __init__(self, **options):
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise Refusal(
                f"{self.name}: unknown options: {', '.join(unknown)}", field="format_options"
            )
        for option, value in options.items():
            check_option(self.name, option, value, self.options[option])
        self.settings = {**self.options, **options}

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        raise NotImplementedError

    def is_complete(
        self, played: int, planned: int, _history: Callable[[], PairingRequest]
    ) -> bool:
        """Whether the format has played all it plays: ``played`` rounds of this stage
        so far (each with every result), ``planned`` by the organiser, ``history`` the
        request the next round would be paired from, read only when the format asks.
        By default: the planned rounds."""
        return played >= planned

    def rounds_for(self, _entrants: int, _table_size: int) -> int | None:
        """The natural number of rounds, where the format has one."""
        return None
