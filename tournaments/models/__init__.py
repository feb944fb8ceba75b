"""Leagues, seasons, events and what happens in them.

Words: an *event* is one tournament (a Swiss of five rounds, a knockout, an open
league's season of logged games); an *entrant* is who takes a seat in it, a person or a
bot; a *table* is one game of a round, its *seats* ordered (seat 0 starts); a *result*
is the official outcome of a table, written only by ``tournaments.results``.
"""

from tournaments.models.attendance import Forfeit, RoundCheckIn
from tournaments.models.entrants import Entrant
from tournaments.models.events import DEFAULT_TIME_RULE, ClockStart, Event
from tournaments.models.leagues import MAX_INTEGER, League, Season, Visibility, fresh_version
from tournaments.models.results import (
    EventLogEntry,
    ImportedPlay,
    Rating,
    RatingsMark,
    RatingsRebuild,
    Result,
    SeatResult,
    StandingRow,
    StandingsRequest,
)
from tournaments.models.roles import EventRole
from tournaments.models.rounds import SEATING, Round, Seat, Seated, Table, TableQuerySet
from tournaments.models.teams import Team

__all__ = [
    "DEFAULT_TIME_RULE",
    "MAX_INTEGER",
    "SEATING",
    "ClockStart",
    "Entrant",
    "Event",
    "EventLogEntry",
    "EventRole",
    "Forfeit",
    "ImportedPlay",
    "League",
    "Rating",
    "RatingsMark",
    "RatingsRebuild",
    "Result",
    "Round",
    "RoundCheckIn",
    "Seat",
    "SeatResult",
    "Seated",
    "Season",
    "StandingRow",
    "StandingsRequest",
    "Table",
    "TableQuerySet",
    "Team",
    "Visibility",
    "fresh_version",
]
