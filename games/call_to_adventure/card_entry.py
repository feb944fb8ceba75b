"""Card entry: a hero's Story named card by card, its numbers derived from the catalogue.

Shape (docs/call-to-adventure-decisions.md)::

    {"name": "Ann",
     "origin": {"card": "o-fen-warden"},
     "motivation": {"card": "m-oathbound"},
     "destiny": {"card": "d-voice-of-the-wild"},
     "story": {"origin": ["s-herb-lore", {"card": "s-bog-crossing", "path": "bottom"}],
               "motivation": [...], "destiny": [...]},
     "allies": ["a-marsh-hound"],
     "corruption": {"level": 4}, "experience": 2, "hero_cards": 2, "antihero_cards": 1}

A card is ``{"card": "ID"}`` (plus ``"path": "top" | "bottom"`` for a Story card with two
paths), or just ``"ID"`` where no path needs saying. The *Story* is the Origin, the
Motivation, the revealed Destiny, the visible path of each Story card and the face-up
Allies: their printed Triumph, Tragedy and icons add up. A beaten Adversary (solo and
co-op, ``"adversary": {"card": "ID"}``) adds its Ability icons too; many heroes may beat
the same Adversary, so it is the one card two players may both name.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from games.call_to_adventure.catalogue import Card, CardPath, Catalogue, Kind
from games.call_to_adventure.fields import InputFault, join, json_repr
from games.call_to_adventure.profile import Profile

CARD_ENTRY_KEYS = ("origin", "motivation", "story", "allies")
CHARACTERS = (Kind.ORIGIN, Kind.MOTIVATION, Kind.DESTINY)
CARDS_UNDER_A_CHARACTER = 3
STORY_KINDS = (Kind.STORY, Kind.ADVERSARY)
ALLOWED_KEYS = {Kind.STORY: ("card", "path"), Kind.DESTINY: ("card", "triumph", "tragedy")}


@dataclass
class Story:
    printed: tuple[int, int] = (0, 0)
    story_icons: dict[str, int] = field(default_factory=dict)
    abilities: dict[str, int] = field(default_factory=dict)


def look_up(value: Any, kind: Kind, field_name: str, catalogue: Catalogue | None) -> Card:
    """The catalogued card of this kind that ``value`` names."""
    if catalogue is None:
        raise InputFault(field_name, "naming a card needs a card catalogue; none was given")
    if not isinstance(value, str):
        raise InputFault(field_name, f"{json_repr(value)} is not a card id")
    if value not in catalogue:
        raise InputFault(field_name, f"no card {value!r} in the catalogue")
    card = catalogue[value]
    if card.kind not in ((kind,) if kind is not Kind.STORY else STORY_KINDS):
        raise InputFault(
            field_name,
            f"{card.name} ({value}) is {_a(card.kind)} card, not {_a(kind)} card",
        )
    return card


def _a(kind: Kind) -> str:
    return f"an {kind}" if kind.value[0] in "aeiou" else f"a {kind}"


def derive(
    entry: Mapping, number: int, profile: Profile, catalogue: Catalogue | None, seen: dict
) -> Story:
    """Add up the Story's printed points and icons, checking where each card lies."""
    placed = []  # (card, visible path, field)
    for kind in CHARACTERS:
        key = kind.value
        if key not in entry:
            raise InputFault(key, f'missing: the {kind} card, {{"card": "ID"}}')
        if kind is Kind.DESTINY and not _names_a_card(entry[key]):
            raise InputFault("destiny.card", 'card entry names the Destiny card: {"card": "ID"}')
        placed.append(_placed(entry[key], kind, key, catalogue))
    placed += _story_cards(entry.get("story", {}), catalogue)
    allies = entry.get("allies", [])
    if not isinstance(allies, list):
        raise InputFault("allies", "a list of the face-up Ally cards")
    for i, value in enumerate(allies):
        placed.append(_placed(value, Kind.ALLY, join("allies", i), catalogue))
    for card, _, field_name in placed:
        _place_once(card, field_name, number, seen)
    story = Story()
    for card, path, field_name in placed:
        _add(story, card, path, field_name, profile)
    adversary = entry.get("adversary")
    if _names_a_card(adversary):
        card = look_up(adversary["card"], Kind.ADVERSARY, "adversary.card", catalogue)
        path = card.paths["top"]
        _add(story, card, CardPath(abilities=path.abilities), "adversary.card", profile)
    return story


def _names_a_card(value: Any) -> TypeGuard[Mapping]:
    return isinstance(value, Mapping) and "card" in value


def _story_cards(value: Any, catalogue: Catalogue | None) -> list:
    if not isinstance(value, Mapping):
        raise InputFault(
            "story", 'an object {"origin": [...], "motivation": [...], "destiny": [...]}'
        )
    placed = []
    for key in value:
        if key not in ("origin", "motivation", "destiny"):
            raise InputFault(join("story", str(key)), f"unknown Character card {key!r}")
    for character in ("origin", "motivation", "destiny"):
        cards = value.get(character, [])
        field_name = join("story", character)
        if not isinstance(cards, list):
            raise InputFault(field_name, f"a list of the Story cards under the {character}")
        if len(cards) > CARDS_UNDER_A_CHARACTER:
            raise InputFault(
                field_name,
                f"{len(cards)} Story cards under the {character.capitalize()}; a Character "
                f"card holds at most {CARDS_UNDER_A_CHARACTER} (9 in all)",
            )
        for i, card in enumerate(cards):
            placed.append(_placed(card, Kind.STORY, join(field_name, i), catalogue))
    return placed


def _placed(value: Any, kind: Kind, field_name: str, catalogue: Catalogue | None):
    """A card named as ``"ID"`` or ``{"card": "ID", "path": ...}``, with its visible path."""
    path_name = None
    card_field = field_name
    if isinstance(value, Mapping):
        for key in value:
            if key not in ALLOWED_KEYS.get(kind, ("card",)):
                raise InputFault(join(field_name, str(key)), f"unknown key {key!r}")
        if "card" not in value:
            raise InputFault(join(field_name, "card"), 'missing: {"card": "ID"}')
        card_field = join(field_name, "card")
        path_name = value.get("path")
        value = value["card"]
    card = look_up(value, kind, card_field, catalogue)
    path_field = join(field_name, "path")
    if path_name is None:
        if len(card.paths) > 1:
            raise InputFault(
                path_field,
                f"{card.name} ({card.id}) has two paths: say which shows, 'top' or 'bottom'",
            )
        path_name = "top"
    if not isinstance(path_name, str) or path_name not in card.paths:
        shown = ", ".join(repr(p) for p in card.paths)
        raise InputFault(
            path_field, f"{card.name} ({card.id}) has no path {json_repr(path_name)}: {shown}"
        )
    return card, card.paths[path_name], field_name


def _place_once(card: Card, field_name: str, number: int, seen: dict) -> None:
    """Every card is one physical card: it lies in one place at the table."""
    if card.id in seen:
        other_player, other_field = seen[card.id]
        where = "this tableau" if other_player == number else f"player {other_player}'s tableau"
        raise InputFault(
            field_name,
            f"{card.name} ({card.id}) already lies in {where} at {other_field}; "
            "there is one copy of each card",
        )
    seen[card.id] = (number, field_name)


def _add(story: Story, card: Card, path: CardPath, field_name: str, profile: Profile) -> None:
    story.printed = (story.printed[0] + path.triumph, story.printed[1] + path.tragedy)
    for icons, names, total in (
        (path.story_icons, profile.story_icons, story.story_icons),
        (path.abilities, profile.abilities, story.abilities),
    ):
        for icon, count in icons.items():
            if icon not in names:
                raise InputFault(
                    field_name,
                    f"{card.name} ({card.id}) shows {icon!r}, which profile {profile.name} "
                    "does not name",
                )
            total[icon] = total.get(icon, 0) + count
    for name in profile.story_icons:
        story.story_icons.setdefault(name, 0)
    for name in profile.abilities:
        story.abilities.setdefault(name, 0)
