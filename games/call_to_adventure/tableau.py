"""One player's entry, read and checked into a :class:`Tableau`.

A *tableau* is what lies in front of a hero at the end of the game, as far as scoring
needs it: printed Triumph and Tragedy, Story icon and Ability icon counts, the corruption
level and its value, unspent Experience, Hero and Antihero cards played, the Destiny
card's points and (solo and co-op) the Adversary's points.

Two ways in: *quick entry* types the numbers (``printed``, ``story_icons``,
``abilities``); *card entry* names the cards (``origin``, ``motivation``, ``story``...)
and :mod:`games.call_to_adventure.card_entry` derives the numbers from the catalogue.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.call_to_adventure import card_entry
from games.call_to_adventure.catalogue import Catalogue, Kind
from games.call_to_adventure.destiny import destiny_points
from games.call_to_adventure.fields import (
    InputFault,
    counts,
    join,
    json_repr,
    mapping,
    only_keys,
    point_pair,
    whole_number,
)
from games.call_to_adventure.profile import Profile

COMMON_KEYS = (
    "name",
    "corruption",
    "experience",
    "hero_cards",
    "antihero_cards",
    "destiny",
    "adversary",
)
QUICK_KEYS = COMMON_KEYS + ("printed", "story_icons", "abilities")
CARD_KEYS = COMMON_KEYS + card_entry.CARD_ENTRY_KEYS
DERIVED_KEYS = ("printed", "story_icons", "abilities")


@dataclass
class Corruption:
    level: int
    points: int
    column: str | None
    name: str | None


@dataclass
class Tableau:
    name: str
    printed: tuple[int, int]
    story_icons: dict[str, int]
    abilities: dict[str, int]
    corruption: Corruption
    experience: int
    hero_cards: int
    antihero_cards: int
    destiny: tuple[int, int]
    adversary: tuple[int, int]
    notes: list[str] = field(default_factory=list)


def read_tableau(
    raw: Any, number: int, profile: Profile, catalogue: Catalogue | None, seen: dict
) -> Tableau:
    """Read player ``number``'s entry (1-based). ``seen`` maps card ids already placed at
    this table to where they lie, so one card cannot lie in two places."""
    try:
        entry = mapping(raw, None, "a player's entry (an object)")
        if any(key in entry for key in card_entry.CARD_ENTRY_KEYS):
            return _card_entry(entry, number, profile, catalogue, seen)
        return _quick_entry(entry, number, profile, catalogue)
    except InputFault as fault:
        fault.player = number
        raise


def _quick_entry(
    entry: Mapping, number: int, profile: Profile, catalogue: Catalogue | None
) -> Tableau:
    only_keys(entry, QUICK_KEYS, "", "key")
    name = _name(entry, number)
    corruption = read_corruption(entry, profile)
    if "printed" not in entry:
        raise InputFault(
            "printed",
            "missing: the Triumph and Tragedy printed on the visible paths and Character "
            'cards, {"triumph": n, "tragedy": n} (or name the cards: card entry)',
        )
    printed = point_pair(entry["printed"], "printed")
    story_icons = counts(entry.get("story_icons", {}), profile.story_icons, "story_icons", "icon")
    abilities = counts(entry.get("abilities", {}), profile.abilities, "abilities", "ability")
    tableau = _common(entry, name, corruption, printed, story_icons, abilities)
    tableau.adversary = read_adversary(entry, catalogue)
    tableau.destiny = read_destiny(entry, story_icons | abilities, catalogue, tableau.notes)
    return tableau


def _card_entry(
    entry: Mapping, number: int, profile: Profile, catalogue: Catalogue | None, seen: dict
) -> Tableau:
    for key in DERIVED_KEYS:
        if key in entry:
            raise InputFault(
                key,
                f"card entry derives {key} from the cards; leave it out, or type the "
                "numbers instead of naming the cards (quick entry)",
            )
    only_keys(entry, CARD_KEYS, "", "key")
    name = _name(entry, number)
    corruption = read_corruption(entry, profile)
    story = card_entry.derive(entry, number, profile, catalogue, seen)
    tableau = _common(entry, name, corruption, story.printed, story.story_icons, story.abilities)
    tableau.adversary = read_adversary(entry, catalogue)
    tableau.destiny = read_destiny(
        entry, story.story_icons | story.abilities, catalogue, tableau.notes
    )
    return tableau


def _common(entry, name, corruption, printed, story_icons, abilities) -> Tableau:
    return Tableau(
        name=name,
        printed=printed,
        story_icons=story_icons,
        abilities=abilities,
        corruption=corruption,
        experience=whole_number(entry.get("experience", 0), "experience"),
        hero_cards=whole_number(entry.get("hero_cards", 0), "hero_cards"),
        antihero_cards=whole_number(entry.get("antihero_cards", 0), "antihero_cards"),
        destiny=(0, 0),
        adversary=(0, 0),
    )


def read_adversary(entry: Mapping, catalogue: Catalogue | None) -> tuple[int, int]:
    """Solo and co-op: the beaten Adversary's points, typed or ``{"card": "ID"}``."""
    if "adversary" not in entry:
        return 0, 0
    data = mapping(entry["adversary"], "adversary", '{"triumph": n, "tragedy": n}')
    if "card" not in data:
        return point_pair(data, "adversary")
    only_keys(data, ("card",), "adversary", "key")
    card = card_entry.look_up(data["card"], Kind.ADVERSARY, "adversary.card", catalogue)
    return card.paths["top"].triumph, card.paths["top"].tragedy


def _name(entry: Mapping, number: int) -> str:
    name = entry.get("name", f"Player {number}")
    if not isinstance(name, str) or not name.strip():
        raise InputFault("name", f"{json_repr(name)} is not a name")
    return name


def read_corruption(entry: Mapping, profile: Profile) -> Corruption:
    """``{"level": L}`` or ``{"level": L, "points": P}``, P the signed number printed on
    the board at L: required where the profile does not know L, checked where it does."""
    top = profile.top_level
    if "corruption" not in entry:
        raise InputFault(
            "corruption", f'missing: {{"level": L}}, the hero marker\'s level, 1 to {top}'
        )
    data = mapping(entry["corruption"], "corruption", '{"level": L}')
    only_keys(data, ("level", "points"), "corruption", "key")
    if "level" not in data:
        raise InputFault("corruption.level", f"missing: the hero marker's level, 1 to {top}")
    level = whole_number(data["level"], "corruption.level", signed=True)
    if not 1 <= level <= top:
        raise InputFault(
            "corruption.level",
            f"level {level} is not on the Corruption track: its levels run 1 (top) to {top}, "
            f"and a hero cannot pass level {top}",
        )
    known = profile.level(level)
    if "points" in data:
        points = whole_number(data["points"], "corruption.points", signed=True)
        if known.known and points != known.points:
            raise InputFault(
                "corruption.points",
                f"level {level} is worth {known.points:+d} in profile {profile.name}, "
                f"not {points:+d}; leave points out, or score with a corrected profile",
            )
    elif known.points is not None:
        points = known.points
    else:
        raise InputFault(
            "corruption.points",
            f"profile {profile.name} does not know what level {level} of the Corruption track "
            "is worth (the rulebook's picture of the track is lost and its text gives no "
            f"value for level {level}): type the signed number printed on your board at "
            f'level {level}, as {{"level": {level}, "points": P}}',
        )
    column = known.column or ("triumph" if points else None)
    return Corruption(level=level, points=points, column=column, name=known.name)


def read_destiny(
    entry: Mapping, icon_counts: Mapping[str, int], catalogue: Catalogue | None, notes: list
) -> tuple[int, int]:
    """The Destiny card's points: typed, or computed from a catalogued card's requirements
    and the icon counts; both given, they must agree."""
    if "destiny" not in entry:
        raise InputFault(
            "destiny",
            'missing: the Destiny card\'s points, {"triumph": n, "tragedy": n} '
            '(zero if no requirement is met), or {"card": "ID"} from the catalogue',
        )
    data = mapping(entry["destiny"], "destiny", '{"triumph": n, "tragedy": n} or {"card": "ID"}')
    only_keys(data, ("card", "triumph", "tragedy"), "destiny", "key")
    typed = point_pair({k: v for k, v in data.items() if k != "card"}, "destiny")
    if "card" not in data:
        return typed
    card = card_entry.look_up(data["card"], Kind.DESTINY, "destiny.card", catalogue)
    computed = destiny_points(card.requirements, icon_counts)
    notes.append(f"Destiny {card.name}: {computed.explanation}")
    for column, typed_points, points in (
        ("triumph", typed[0], computed.triumph),
        ("tragedy", typed[1], computed.tragedy),
    ):
        if column in data and typed_points != points:
            raise InputFault(
                join("destiny", column),
                f"{card.name} gives {points} {column.capitalize()} for these icons "
                f"({computed.explanation}), not {typed_points}",
            )
    return computed.triumph, computed.tragedy
