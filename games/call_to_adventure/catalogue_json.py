"""Catalogue import from JSON: one object per card, its paths nested (see :mod:`.catalogue`)."""

from collections.abc import Mapping
from typing import Any

from games.call_to_adventure.cards import (
    PATH_NAMES,
    Card,
    CardPath,
    Catalogue,
    CatalogueError,
    Problem,
    checked_card,
    identity,
    known_icon,
)
from games.call_to_adventure.destiny import requirements_from_data
from games.call_to_adventure.fields import InputFault, join, json_repr, whole_number
from games.call_to_adventure.profile import Profile

CARD_KEYS = ("id", "name", "kind", "paths", "requirements")
PATH_KEYS = ("triumph", "tragedy", "story_icons", "abilities")


def from_json(data: Any, profile: Profile) -> Catalogue:
    title, invented = "", False
    if isinstance(data, Mapping):
        title = str(data.get("title", ""))
        invented = data.get("invented") is True
        data = data.get("cards")
    if not isinstance(data, list):
        raise CatalogueError([Problem(1, "cards", "a catalogue is a list of cards")])
    cards: dict[str, Card] = {}
    problems = []
    for row, raw in enumerate(data, start=1):
        try:
            card = _json_card(raw, profile)
            if card.id in cards:
                raise InputFault("id", f"{card.id!r} is already the id of another card")
            cards[card.id] = card
        except InputFault as fault:
            problems.append(Problem(row, fault.field, fault.reason))
    if problems:
        raise CatalogueError(problems)
    return Catalogue(cards, title=title, invented=invented)


def _json_card(raw: Any, profile: Profile) -> Card:
    if not isinstance(raw, Mapping):
        raise InputFault(None, 'a card is an object {"id", "name", "kind", "paths"}')
    for key in raw:
        if key not in CARD_KEYS:
            raise InputFault(str(key), f"unknown key {key!r}")
    card_id, name, kind = identity(raw.get("id"), raw.get("name"), raw.get("kind"))
    raw_paths = raw.get("paths")
    if not isinstance(raw_paths, Mapping) or not raw_paths:
        raise InputFault("paths", 'an object of paths, like {"top": {"triumph": 1}}')
    paths = {}
    for path_name, raw_path in raw_paths.items():
        path_field = join("paths", str(path_name))
        if path_name not in PATH_NAMES:
            raise InputFault(path_field, f"a path is 'top' or 'bottom', not {path_name!r}")
        paths[path_name] = _json_path(raw_path, path_field, profile)
    requirements = ()
    if "requirements" in raw:
        requirements = requirements_from_data(
            raw["requirements"], profile.story_icons + profile.abilities, "requirements"
        )
    return checked_card(Card(card_id, name, kind, paths, requirements))


def _json_path(raw: Any, field_name: str, profile: Profile) -> CardPath:
    if not isinstance(raw, Mapping):
        raise InputFault(field_name, 'an object {"triumph", "tragedy", "story_icons", "abilities"}')
    for key in raw:
        if key not in PATH_KEYS:
            raise InputFault(join(field_name, str(key)), f"unknown key {key!r}")
    return CardPath(
        triumph=whole_number(raw.get("triumph", 0), join(field_name, "triumph")),
        tragedy=whole_number(raw.get("tragedy", 0), join(field_name, "tragedy")),
        story_icons=_json_icons(
            raw.get("story_icons", []), profile.story_icons, join(field_name, "story_icons")
        ),
        abilities=_json_icons(
            raw.get("abilities", []), profile.abilities, join(field_name, "abilities")
        ),
    )


def _json_icons(raw: Any, names: tuple[str, ...], field_name: str) -> dict[str, int]:
    if isinstance(raw, list):
        icons: dict[str, int] = {}
        for name in raw:
            known_icon(name, names, field_name)
            icons[name] = icons.get(name, 0) + 1
        return icons
    if isinstance(raw, Mapping):
        for name, count in raw.items():
            known_icon(name, names, field_name)
            whole_number(count, join(field_name, str(name)))
        return {name: count for name, count in raw.items() if count}
    raise InputFault(field_name, f"{json_repr(raw)} is not a list of icon names")
