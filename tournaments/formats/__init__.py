"""Pairing formats, by key. ``get_format(key, options)`` builds one; unknown keys and
options raise ``FormatError``. To add a format: subclass ``Format`` in a module here,
declare its options, and register it below."""

from tournaments.formats.base import (
    Contender,
    Format,
    FormatError,
    History,
    PairingRequest,
    PastTable,
    PlannedTable,
)
from tournaments.formats.knockout import Knockout
from tournaments.formats.open_league import OpenLeague
from tournaments.formats.round_robin import RoundRobin
from tournaments.formats.swiss import Swiss

REGISTRY: dict[str, type[Format]] = {f.key: f for f in (Swiss, RoundRobin, Knockout, OpenLeague)}


def get_format(key: str, options: dict | None = None) -> Format:
    try:
        cls = REGISTRY[key]
    except KeyError:
        raise FormatError(f"unknown format {key!r}") from None
    return cls(**(options or {}))


__all__ = [
    "REGISTRY",
    "Contender",
    "Format",
    "FormatError",
    "History",
    "PairingRequest",
    "PastTable",
    "PlannedTable",
    "get_format",
]
