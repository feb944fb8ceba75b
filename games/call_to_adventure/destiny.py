"""Destiny card requirements as data, and what they give a hero.

A *requirement* is "N points if the hero has at least K icons of X", X a Story icon or an
Ability of the profile. A requirement may have *tiers* (at least 2 Nature: 2 Triumph; at
least 4 Nature: 4 Triumph): the hero gets the highest tier met, not the sum of the tiers.
A Destiny card's requirements are separate: each met one adds its points.

In JSON::

    {"icon": "nature", "tiers": [{"at_least": 2, "triumph": 2},
                                 {"at_least": 4, "triumph": 4}]}

In a CSV cell, requirements are separated by ``;`` and the tiers of one by ``|``::

    5 triumph if strength >= 1; 2 triumph if nature >= 2 | 4 triumph if nature >= 4
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.call_to_adventure.fields import InputFault, join, json_repr, small_number, whole_number

TIER_KEYS = ("at_least", "triumph", "tragedy")
CELL_TIER = re.compile(
    r"^\s*(?P<points>\d+\s+[a-z]+(?:\s*\+\s*\d+\s+[a-z]+)?)\s+if\s+"
    r"(?P<icon>[a-z][a-z0-9_-]*)\s*>=\s*(?P<at_least>\d+)\s*$"
)
CELL_POINTS = re.compile(r"^(\d+)\s+([a-z]+)$")


@dataclass(frozen=True)
class Tier:
    at_least: int
    triumph: int = 0
    tragedy: int = 0


@dataclass(frozen=True)
class Requirement:
    icon: str
    tiers: tuple[Tier, ...]

    def met_tier(self, count: int) -> Tier | None:
        met = [tier for tier in self.tiers if count >= tier.at_least]
        return met[-1] if met else None


@dataclass(frozen=True)
class DestinyPoints:
    triumph: int
    tragedy: int
    explanation: str

    @property
    def total(self) -> int:
        return self.triumph + self.tragedy


def destiny_points(
    requirements: tuple[Requirement, ...], icon_counts: Mapping[str, int]
) -> DestinyPoints:
    """Add up the requirements met by a hero with these icon counts."""
    triumph = tragedy = 0
    parts = []
    for requirement in requirements:
        count = icon_counts.get(requirement.icon, 0)
        tier = requirement.met_tier(count)
        if tier is None:
            first = requirement.tiers[0]
            parts.append(f"{requirement.icon} {count}: {_points(first)} unmet")
        else:
            triumph += tier.triumph
            tragedy += tier.tragedy
            parts.append(f"{requirement.icon} {count}: {_points(tier)}")
    return DestinyPoints(triumph, tragedy, "; ".join(parts) or "no requirements")


def _points(tier: Tier) -> str:
    shown = [f"{tier.triumph} Triumph"] if tier.triumph or not tier.tragedy else []
    if tier.tragedy:
        shown.append(f"{tier.tragedy} Tragedy")
    return " + ".join(shown)


def requirements_from_data(value: Any, icons: tuple[str, ...], field: str) -> tuple:
    """Requirements from JSON data (a list of ``{"icon", "tiers"}``); faults name the key."""
    if not isinstance(value, list):
        raise InputFault(field, "a list of requirements")
    return tuple(_requirement(item, icons, join(field, i)) for i, item in enumerate(value))


def _requirement(item: Any, icons: tuple[str, ...], field: str) -> Requirement:
    if not isinstance(item, Mapping):
        raise InputFault(field, 'an object {"icon": ..., "tiers": [...]}')
    for key in item:
        if key not in ("icon", "tiers"):
            raise InputFault(join(field, str(key)), f"unknown key {key!r}")
    icon = item.get("icon")
    if icon not in icons:
        raise InputFault(join(field, "icon"), f"{json_repr(icon)} is not an icon of the profile")
    raw_tiers = item.get("tiers")
    if not isinstance(raw_tiers, list) or not raw_tiers:
        raise InputFault(join(field, "tiers"), "a non-empty list of tiers")
    tiers = []
    for i, raw in enumerate(raw_tiers):
        tier_field = join(join(field, "tiers"), i)
        if not isinstance(raw, Mapping):
            raise InputFault(tier_field, 'an object {"at_least": K, "triumph": N}')
        for key in raw:
            if key not in TIER_KEYS:
                raise InputFault(join(tier_field, str(key)), f"unknown key {key!r}")
        tiers.append(
            Tier(
                at_least=whole_number(raw.get("at_least"), join(tier_field, "at_least")),
                triumph=whole_number(raw.get("triumph", 0), join(tier_field, "triumph")),
                tragedy=whole_number(raw.get("tragedy", 0), join(tier_field, "tragedy")),
            )
        )
    return _checked(Requirement(icon, tuple(tiers)), join(field, "tiers"))


def requirements_from_cell(cell: str, icons: tuple[str, ...], field: str) -> tuple:
    """Requirements from a CSV cell: ``N triumph if ICON >= K`` (see the module doc)."""
    requirements = []
    for part in filter(None, (p.strip() for p in cell.split(";"))):
        tiers = []
        icon = None
        for text in (t.strip().lower() for t in part.split("|")):
            match = CELL_TIER.match(text)
            if not match:
                raise InputFault(field, f"{text!r} is not like '5 triumph if strength >= 1'")
            if icon is not None and match["icon"] != icon:
                raise InputFault(field, f"the tiers of {part!r} name two icons")
            icon = match["icon"]
            if icon not in icons:
                raise InputFault(field, f"{icon!r} is not an icon of the profile")
            points = {"triumph": 0, "tragedy": 0}
            for chunk in match["points"].split("+"):
                points_match = CELL_POINTS.match(chunk.strip())
                assert points_match, "CELL_TIER lets through only points like '5 triumph'"
                amount, column = points_match.groups()
                if column not in points:
                    raise InputFault(field, f"{column!r} is not 'triumph' or 'tragedy'")
                points[column] += small_number(amount, field)
            tiers.append(Tier(at_least=small_number(match["at_least"], field), **points))
        assert icon is not None, "a part has at least one tier"
        requirements.append(_checked(Requirement(icon, tuple(tiers)), field))
    return tuple(requirements)


def _checked(requirement: Requirement, field: str) -> Requirement:
    thresholds = [tier.at_least for tier in requirement.tiers]
    if thresholds[0] < 1 or thresholds != sorted(set(thresholds)):
        raise InputFault(field, "tiers need 'at least' counts of 1 or more, rising")
    return requirement
