"""Checked readers for the values a person types: whole numbers, point pairs, icon counts.

Every reader takes the dotted ``field`` path of the value it reads, so a fault names the
key to fix (``story_icons.music``, ``corruption.level``). A fault is a :class:`InputFault`; the
scorer turns it into the answer's ``error`` object.
"""

from collections.abc import Iterable, Mapping
from typing import Any

POINT_COLUMNS = ("triumph", "tragedy")


class InputFault(Exception):
    """Something a person can fix: the dotted path of the key and why it cannot be."""

    def __init__(self, field: str | None, reason: str, player: int | None = None):
        super().__init__(reason)
        self.field = field
        self.reason = reason
        self.player = player

    def as_error(self) -> dict:
        return {"player": self.player, "field": self.field, "reason": self.reason}


def join(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def whole_number(value: Any, field: str, *, signed: bool = False) -> int:
    """A JSON integer (not a boolean, not 2.0, not "2"); negative only when ``signed``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputFault(field, f"{json_repr(value)} is not a whole number")
    if value < 0 and not signed:
        raise InputFault(field, f"{value} is negative; a count cannot be")
    return value


MAX_DIGITS = 6  # no card prints a number near a million


def small_number(digits: str, field: str) -> int:
    """The number the digits of a CSV cell write, refused (not a ``ValueError`` from
    ``int``) when it is longer than any card prints."""
    if len(digits) > MAX_DIGITS:
        raise InputFault(field, f"{digits[:12]}… ({len(digits)} digits) is too large")
    return int(digits)


def mapping(value: Any, field: str | None, what: str = "an object") -> Mapping:
    if not isinstance(value, Mapping):
        raise InputFault(field, f"{json_repr(value)} is not {what}")
    return value


def only_keys(data: Mapping, allowed: Iterable[str], prefix: str, what: str) -> None:
    """Refuse the first key not in ``allowed`` (a typo must not silently count 0)."""
    allowed = tuple(allowed)
    for key in data:
        if key not in allowed:
            known = ", ".join(allowed)
            raise InputFault(join(prefix, str(key)), f"unknown {what} {key!r}; known: {known}")


def point_pair(value: Any, field: str) -> tuple[int, int]:
    """``{"triumph": n, "tragedy": n}``; a key left out counts 0."""
    data = mapping(value, field, 'an object like {"triumph": 0, "tragedy": 0}')
    only_keys(data, POINT_COLUMNS, field, "key")
    triumph = whole_number(data.get("triumph", 0), join(field, "triumph"))
    tragedy = whole_number(data.get("tragedy", 0), join(field, "tragedy"))
    return triumph, tragedy


def counts(value: Any, names: Iterable[str], field: str, what: str) -> dict[str, int]:
    """A count for every name (a name left out counts 0); an unknown name is a fault."""
    names = tuple(names)
    data = mapping(value, field, f"an object of {what} counts")
    only_keys(data, names, field, what)
    return {name: whole_number(data.get(name, 0), join(field, name)) for name in names}


def json_repr(value: Any) -> str:
    if isinstance(value, str):
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return str(value)
