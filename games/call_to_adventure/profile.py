"""The rules profile: the tables of the rulebook that are data, not code.

A *profile* names its Story icons and Ability icons, gives the Story-icon bonus table and
the Corruption track (a value per level, or ``null`` where the rulebook's lost picture
leaves it unknown). The default profile, ``core-2`` (core game, 2nd edition), ships as
``data/core-2.json``. An organiser may copy it, correct a table for an event and check the
copy with :func:`load_profile`; a scored table records the profile's name and version.
"""

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.call_to_adventure.fields import InputFault, join, json_repr, whole_number
from lib.refusal import Refusal

DATA_DIR = Path(__file__).resolve().parent / "data"
NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
COLUMNS = ("triumph", "tragedy")
PROFILE_KEYS = (
    "name",
    "version",
    "title",
    "story_icons",
    "abilities",
    "icon_bonus",
    "icon_bonus_note",
    "corruption",
)


class ProfileError(Refusal):
    """An edited profile that cannot be used: the dotted path of the key and why. A
    refusal, so a page shows the reason beside the key's field."""

    def __init__(self, field: str | None, reason: str):
        super().__init__(reason, field=field)
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}" if self.field else self.reason


@dataclass(frozen=True)
class Level:
    """One level of the Corruption track. ``points`` is ``None`` where it is not known."""

    level: int
    name: str | None
    points: int | None
    column: str | None

    @property
    def known(self) -> bool:
        return self.points is not None


@dataclass(frozen=True)
class Profile:
    name: str
    version: int
    title: str
    story_icons: tuple[str, ...]
    abilities: tuple[str, ...]
    icon_bonus: tuple[int, ...]
    icon_bonus_note: str
    corruption_start: int
    levels: tuple[Level, ...]
    corruption_note: str = ""

    @property
    def top_level(self) -> int:
        return len(self.levels)

    def level(self, number: int) -> Level:
        return self.levels[number - 1]

    def icon_bonus_for(self, count: int) -> int:
        """The bonus for ``count`` icons of one kind; past the table, its last entry."""
        return self.icon_bonus[min(count, len(self.icon_bonus) - 1)]

    def beyond_icon_table(self, count: int) -> bool:
        return count >= len(self.icon_bonus)

    def as_dict(self) -> dict:
        return {
            "name": self.name,
            "version": self.version,
            "title": self.title,
            "story_icons": list(self.story_icons),
            "abilities": list(self.abilities),
            "icon_bonus": list(self.icon_bonus),
            "icon_bonus_note": self.icon_bonus_note,
            "corruption": {
                "start": self.corruption_start,
                "levels": [
                    {"level": lv.level, "name": lv.name, "points": lv.points, "column": lv.column}
                    for lv in self.levels
                ],
                "note": self.corruption_note,
            },
        }


def load_profile(source: Mapping | str | Path) -> Profile:
    """Check a profile (a dict, JSON text, or a JSON file's Path) and return it.

    Raises :class:`ProfileError` naming the first key that cannot be.
    """
    try:
        if isinstance(source, Path):
            source = source.read_text(encoding="utf-8")
        if isinstance(source, str):
            try:
                source = json.loads(source)
            except (ValueError, RecursionError) as exc:
                raise ProfileError(None, f"not JSON: {exc}") from None
        return _profile(source)
    except InputFault as fault:
        raise ProfileError(fault.field, fault.reason) from None


def _profile(data: Any) -> Profile:
    if not isinstance(data, Mapping):
        raise InputFault(None, "a profile is a JSON object")
    for key in data:
        if key not in PROFILE_KEYS:
            raise InputFault(str(key), f"unknown key {key!r}")
    for key in ("name", "version", "story_icons", "abilities", "icon_bonus", "corruption"):
        if key not in data:
            raise InputFault(key, "missing")
    name = data["name"]
    if not isinstance(name, str) or not NAME.match(name):
        raise InputFault("name", f"{json_repr(name)} is not a lower-case name like 'core-2'")
    version = whole_number(data["version"], "version")
    if version < 1:
        raise InputFault("version", "a version is 1 or more")
    story_icons = _names(data["story_icons"], "story_icons")
    abilities = _names(data["abilities"], "abilities")
    shared = set(story_icons) & set(abilities)
    if shared:
        raise InputFault("abilities", f"{sorted(shared)[0]!r} is both a Story icon and an Ability")
    bonus = data["icon_bonus"]
    if not isinstance(bonus, list) or len(bonus) < 2:
        raise InputFault("icon_bonus", "a list of bonuses by count, from 0 icons, at least [0, 0]")
    bonus_table = tuple(whole_number(b, join("icon_bonus", i)) for i, b in enumerate(bonus))
    start, levels, note = _corruption(data["corruption"])
    return Profile(
        name=name,
        version=version,
        title=_text(data.get("title", name), "title"),
        story_icons=story_icons,
        abilities=abilities,
        icon_bonus=bonus_table,
        icon_bonus_note=_text(data.get("icon_bonus_note", ""), "icon_bonus_note"),
        corruption_start=start,
        levels=levels,
        corruption_note=note,
    )


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise InputFault(field, f"{json_repr(value)} is not text")
    return value


def _names(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise InputFault(field, "a non-empty list of lower-case names")
    for i, name in enumerate(value):
        if not isinstance(name, str) or not NAME.match(name):
            raise InputFault(join(field, i), f"{json_repr(name)} is not a lower-case name")
        if name in value[:i]:
            raise InputFault(join(field, i), f"{name!r} is named twice")
    return tuple(value)


def _corruption(value: Any) -> tuple[int, tuple[Level, ...], str]:
    if not isinstance(value, Mapping):
        raise InputFault("corruption", 'an object {"start": 3, "levels": [...]}')
    for key in value:
        if key not in ("start", "levels", "note"):
            raise InputFault(join("corruption", str(key)), f"unknown key {key!r}")
    raw_levels = value.get("levels")
    if not isinstance(raw_levels, list) or len(raw_levels) < 2:
        raise InputFault("corruption.levels", "a list of the track's levels, from level 1 down")
    levels = tuple(_level(raw, i) for i, raw in enumerate(raw_levels))
    start = whole_number(value.get("start"), "corruption.start")
    if not 1 <= start <= len(levels):
        raise InputFault("corruption.start", f"level {start} is not on a track of {len(levels)}")
    return start, levels, _text(value.get("note", ""), "corruption.note")


def _level(raw: Any, index: int) -> Level:
    field = f"corruption.levels.{index}"
    if not isinstance(raw, Mapping):
        raise InputFault(field, 'an object {"level": n, "points": n or null, ...}')
    for key in raw:
        if key not in ("level", "name", "points", "column"):
            raise InputFault(join(field, str(key)), f"unknown key {key!r}")
    number = whole_number(raw.get("level"), join(field, "level"))
    if number != index + 1:
        raise InputFault(join(field, "level"), f"levels run 1, 2, 3...; expected {index + 1}")
    points = raw.get("points")
    if points is not None:
        points = whole_number(points, join(field, "points"), signed=True)
    column = raw.get("column")
    if column is not None and column not in COLUMNS:
        raise InputFault(join(field, "column"), "'triumph', 'tragedy' or null")
    name = raw.get("name")
    if name is not None:
        name = _text(name, join(field, "name"))
    return Level(level=number, name=name, points=points, column=column)


DEFAULT_PROFILE = load_profile(DATA_DIR / "core-2.json")


def builtin_profiles() -> dict[str, Profile]:
    return {DEFAULT_PROFILE.name: DEFAULT_PROFILE}
