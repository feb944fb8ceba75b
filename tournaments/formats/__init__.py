"""Pairing formats, by key. ``get_format(key, options)`` builds one; unknown keys and
options raise ``lib.refusal.Refusal``. To add a format: subclass ``Format`` in a module here,
declare its options, and register it below."""

from lib.refusal import Refusal
from tournaments.formats.base import (
    Contender,
    Format,
    History,
    PairingRequest,
    PastTable,
    PlannedTable,
)
from tournaments.formats.double_elimination import DoubleElimination
from tournaments.formats.knockout import Knockout
from tournaments.formats.ladder import Ladder
from tournaments.formats.open_league import OpenLeague
from tournaments.formats.round_robin import RoundRobin
from tournaments.formats.swiss import Swiss
from tournaments.formats.team_swiss import TeamSwiss

REGISTRY: dict[str, type[Format]] = {
    f.key: f
    for f in (Swiss, RoundRobin, Knockout, DoubleElimination, Ladder, OpenLeague, TeamSwiss)
}


def get_format(key: str, options: dict | None = None) -> Format:
    try:
        cls = REGISTRY[key]
    except KeyError:
        raise Refusal(f"unknown format {key!r}", field="format") from None
    return cls(**(options or {}))


__all__ = [
    "REGISTRY",
    "Contender",
    "Format",
    "History",
    "PairingRequest",
    "PastTable",
    "PlannedTable",
    "get_format",
]
