"""Cards and catalogues: what each card's paths print (see :mod:`.catalogue`)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.call_to_adventure.destiny import Requirement
from games.call_to_adventure.fields import InputFault, json_repr
from lib.refusal import Refusal

CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
PATH_NAMES = ("top", "bottom")


class Kind(StrEnum):
    ORIGIN = "origin"
    MOTIVATION = "motivation"
    DESTINY = "destiny"
    STORY = "story"
    ALLY = "ally"
    ADVERSARY = "adversary"


@dataclass(frozen=True)
class CardPath:
    triumph: int = 0
    tragedy: int = 0
    story_icons: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: Kind
    paths: Mapping[str, CardPath]
    requirements: tuple[Requirement, ...] = ()


@dataclass(frozen=True)
class Problem:
    row: int
    column: str | None
    reason: str

    def __str__(self) -> str:
        where = f"row {self.row}, column {self.column}" if self.column else f"row {self.row}"
        return f"{where}: {self.reason}"


class CatalogueError(Refusal):
    """A catalogue that cannot be used, its faults row by row. A refusal of the field
    the catalogue was given in."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems), field="catalogue")
        self.problems = problems


@dataclass(frozen=True)
class Catalogue:
    cards: Mapping[str, Card]
    title: str = ""
    invented: bool = False

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __len__(self) -> int:
        return len(self.cards)


def known_icon(name: Any, names: tuple[str, ...], field_name: str) -> None:
    if name not in names:
        known = ", ".join(names)
        raise InputFault(
            field_name, f"{json_repr(name)} is not one of the profile's icons ({known})"
        )


def identity(card_id: Any, name: Any, kind: Any) -> tuple[str, str, Kind]:
    if not isinstance(card_id, str) or not CARD_ID.match(card_id):
        raise InputFault("id", f"{json_repr(card_id)} is not a card id (letters, digits, - _ .)")
    if not isinstance(name, str) or not name.strip():
        raise InputFault("name", "a card needs a name")
    kinds = [k.value for k in Kind]
    kind = kind.strip().lower() if isinstance(kind, str) else kind
    if kind not in kinds:
        raise InputFault("kind", f"{json_repr(kind)} is not a kind ({', '.join(kinds)})")
    return card_id, name.strip(), Kind(kind)


def checked_card(card: Card) -> Card:
    if "top" not in card.paths:
        raise InputFault("path", f"card {card.id!r} needs a 'top' path")
    if card.kind is not Kind.STORY and len(card.paths) > 1:
        raise InputFault("path", f"a {card.kind} card has one path, 'top'")
    if card.kind is Kind.DESTINY and not card.requirements:
        raise InputFault("requirements", "a Destiny card needs its requirements")
    if card.kind is not Kind.DESTINY and card.requirements:
        raise InputFault("requirements", "only a Destiny card has requirements")
    return card
