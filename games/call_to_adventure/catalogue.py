"""The card catalogue an organiser imports: what each card's paths print.

No public card list exists, so the site never ships the real game's cards; the example
catalogue in ``data/`` holds INVENTED cards for tests and the demo. A *card* has an id,
a name, a kind (Origin, Motivation, Destiny, Story, Ally, Adversary) and one path
(``top``) or, for a Story challenge, two (``top`` and ``bottom``). A *path* prints
Triumph, Tragedy, Story icons and Ability icons. A Destiny card also has requirements
(see :mod:`games.call_to_adventure.destiny`).

JSON: ``{"title": ..., "invented": true, "cards": [{"id", "name", "kind", "paths":
{"top": {"triumph": 1, "tragedy": 0, "story_icons": ["nature"], "abilities":
["wisdom"]}}, "requirements": [...]}]}`` (icons as a list, repeated for two, or as
counts ``{"nature": 2}``).

CSV: a header row ``id,name,kind,path,triumph,tragedy,story_icons,abilities,
requirements`` then one row per path of a card (the two paths of a challenge are two
rows with the same id). Icons in a cell: names separated by ``;`` or spaces, ``name*2``
for two. Empty numbers count 0, an empty path is ``top``. A row whose id starts with
``#`` is a comment. Rows are counted as a spreadsheet shows them: the header is row 1.

Faults are collected row by row into one :class:`CatalogueError`, each like
``row 7, column triumph: 'x' is not a whole number``.
"""

import csv
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from games.call_to_adventure.destiny import (
    Requirement,
    requirements_from_cell,
    requirements_from_data,
)
from games.call_to_adventure.fields import Fault, join, json_repr, whole_number
from games.call_to_adventure.profile import DEFAULT_PROFILE, Profile

DATA_DIR = Path(__file__).resolve().parent / "data"
EXAMPLE_CATALOGUE = DATA_DIR / "example_catalogue.json"
CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
PATH_NAMES = ("top", "bottom")
CSV_COLUMNS = (
    "id",
    "name",
    "kind",
    "path",
    "triumph",
    "tragedy",
    "story_icons",
    "abilities",
    "requirements",
)
CARD_KEYS = ("id", "name", "kind", "paths", "requirements")
PATH_KEYS = ("triumph", "tragedy", "story_icons", "abilities")


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


class CatalogueError(ValueError):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
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


def load_catalogue(
    source: Path | str | Mapping | list, fmt: str | None = None, profile: Profile | None = None
) -> Catalogue:
    """Import a catalogue and check every row against the profile's icon names.

    ``source`` is a file's :class:`~pathlib.Path` (format from its suffix), text (``fmt``
    ``"csv"`` or ``"json"``, else guessed: JSON starts with ``{`` or ``[``), or parsed
    JSON data. Raises :class:`CatalogueError` listing the faults by row.
    """
    profile = profile or DEFAULT_PROFILE
    if isinstance(source, Path):
        fmt = fmt or source.suffix.lstrip(".").lower()
        source = source.read_text(encoding="utf-8-sig")
    if isinstance(source, str):
        fmt = fmt or ("json" if source.lstrip()[:1] in ("{", "[") else "csv")
        if fmt == "csv":
            return _from_csv(source, profile)
        if fmt != "json":
            raise CatalogueError([Problem(1, None, f"unknown catalogue format {fmt!r}")])
        try:
            source = json.loads(source)
        except (ValueError, RecursionError) as exc:
            raise CatalogueError([Problem(1, None, f"not JSON: {exc}")]) from None
    return _from_json(source, profile)


def example_catalogue() -> Catalogue:
    """The shipped catalogue of INVENTED cards (tests and demo, never a real event)."""
    return load_catalogue(EXAMPLE_CATALOGUE)


# JSON ----------------------------------------------------------------------------------


def _from_json(data: Any, profile: Profile) -> Catalogue:
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
                raise Fault("id", f"{card.id!r} is already the id of another card")
            cards[card.id] = card
        except Fault as fault:
            problems.append(Problem(row, fault.field, fault.reason))
    if problems:
        raise CatalogueError(problems)
    return Catalogue(cards, title=title, invented=invented)


def _json_card(raw: Any, profile: Profile) -> Card:
    if not isinstance(raw, Mapping):
        raise Fault(None, 'a card is an object {"id", "name", "kind", "paths"}')
    for key in raw:
        if key not in CARD_KEYS:
            raise Fault(str(key), f"unknown key {key!r}")
    card_id, name, kind = _identity(raw.get("id"), raw.get("name"), raw.get("kind"))
    raw_paths = raw.get("paths")
    if not isinstance(raw_paths, Mapping) or not raw_paths:
        raise Fault("paths", 'an object of paths, like {"top": {"triumph": 1}}')
    paths = {}
    for path_name, raw_path in raw_paths.items():
        path_field = join("paths", str(path_name))
        if path_name not in PATH_NAMES:
            raise Fault(path_field, f"a path is 'top' or 'bottom', not {path_name!r}")
        paths[path_name] = _json_path(raw_path, path_field, profile)
    requirements = ()
    if "requirements" in raw:
        requirements = requirements_from_data(
            raw["requirements"], profile.story_icons + profile.abilities, "requirements"
        )
    return _checked_card(Card(card_id, name, kind, paths, requirements))


def _json_path(raw: Any, field_name: str, profile: Profile) -> CardPath:
    if not isinstance(raw, Mapping):
        raise Fault(field_name, 'an object {"triumph", "tragedy", "story_icons", "abilities"}')
    for key in raw:
        if key not in PATH_KEYS:
            raise Fault(join(field_name, str(key)), f"unknown key {key!r}")
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
            _known_icon(name, names, field_name)
            icons[name] = icons.get(name, 0) + 1
        return icons
    if isinstance(raw, Mapping):
        for name, count in raw.items():
            _known_icon(name, names, field_name)
            whole_number(count, join(field_name, str(name)))
        return {name: count for name, count in raw.items() if count}
    raise Fault(field_name, f"{json_repr(raw)} is not a list of icon names")


def _known_icon(name: Any, names: tuple[str, ...], field_name: str) -> None:
    if name not in names:
        known = ", ".join(names)
        raise Fault(field_name, f"{json_repr(name)} is not one of the profile's icons ({known})")


# CSV -----------------------------------------------------------------------------------


def _from_csv(text: str, profile: Profile) -> Catalogue:
    rows = [(n, r) for n, r in enumerate(csv.reader(io.StringIO(text)), start=1) if any(r)]
    rows = [(n, r) for n, r in rows if not r[0].lstrip().startswith("#")]
    if not rows:
        raise CatalogueError([Problem(1, None, "no header row")])
    header_row, header = rows[0]
    header = [h.strip().lower() for h in header]
    problems = [
        Problem(header_row, h, f"unknown column {h!r}") for h in header if h not in CSV_COLUMNS
    ]
    problems += [
        Problem(header_row, c, "missing column") for c in ("id", "name", "kind") if c not in header
    ]
    if problems:
        raise CatalogueError(problems)
    grouped: dict[str, list[tuple[int, dict[str, str]]]] = {}
    for row_number, cells in rows[1:]:
        if len(cells) > len(header):
            problems.append(Problem(row_number, None, f"{len(cells)} cells, {len(header)} columns"))
            continue
        row = {col: cell.strip() for col, cell in zip(header, cells, strict=False)}
        grouped.setdefault(row.get("id", ""), []).append((row_number, row))
    cards = {}
    for group in grouped.values():
        try:
            card = _csv_card(group, profile)
            cards[card.id] = card
        except _RowFault as fault:
            problems.append(Problem(fault.row, fault.field, fault.reason))
    if problems:
        raise CatalogueError(sorted(problems, key=lambda p: p.row))
    return Catalogue(cards)


class _RowFault(Fault):
    def __init__(self, row: int, fault: Fault):
        super().__init__(fault.field, fault.reason)
        self.row = row


def _csv_card(group: list[tuple[int, dict[str, str]]], profile: Profile) -> Card:
    first_row, first = group[0]
    paths: dict[str, CardPath] = {}
    requirements: tuple = ()
    identity = None
    for row_number, row in group:
        try:
            found = _identity(row.get("id"), row.get("name"), row.get("kind"))
            if identity and found != identity:
                column = "name" if found[1] != identity[1] else "kind"
                raise Fault(column, f"card {found[0]!r} has another {column} on a row above")
            identity = found
            path_name = row.get("path") or "top"
            if path_name not in PATH_NAMES:
                raise Fault("path", f"a path is 'top' or 'bottom', not {path_name!r}")
            if path_name in paths:
                raise Fault("path", f"card {found[0]!r} already has a {path_name!r} row")
            paths[path_name] = CardPath(
                triumph=_cell_number(row.get("triumph", ""), "triumph"),
                tragedy=_cell_number(row.get("tragedy", ""), "tragedy"),
                story_icons=_cell_icons(
                    row.get("story_icons", ""), profile.story_icons, "story_icons"
                ),
                abilities=_cell_icons(row.get("abilities", ""), profile.abilities, "abilities"),
            )
            if row.get("requirements"):
                if requirements:
                    raise Fault("requirements", "give a card's requirements on one row")
                requirements = requirements_from_cell(
                    row["requirements"].lower(),
                    profile.story_icons + profile.abilities,
                    "requirements",
                )
        except Fault as fault:
            raise _RowFault(row_number, fault) from None
    try:
        return _checked_card(Card(*identity, paths, requirements))
    except Fault as fault:
        raise _RowFault(first_row, fault) from None


def _cell_number(cell: str, column: str) -> int:
    if cell == "":
        return 0
    if not re.fullmatch(r"\d+", cell):
        raise Fault(column, f"{cell!r} is not a whole number")
    return int(cell)


def _cell_icons(cell: str, names: tuple[str, ...], column: str) -> dict[str, int]:
    icons: dict[str, int] = {}
    for item in filter(None, re.split(r"[;,\s]+", cell.lower())):
        name, _, times = item.partition("*")
        if times and not times.isdigit():
            raise Fault(column, f"{item!r}: write 'nature*2' for two icons")
        _known_icon(name, names, column)
        icons[name] = icons.get(name, 0) + (int(times) if times else 1)
    return icons


# Both ----------------------------------------------------------------------------------


def _identity(card_id: Any, name: Any, kind: Any) -> tuple[str, str, Kind]:
    if not isinstance(card_id, str) or not CARD_ID.match(card_id):
        raise Fault("id", f"{json_repr(card_id)} is not a card id (letters, digits, - _ .)")
    if not isinstance(name, str) or not name.strip():
        raise Fault("name", "a card needs a name")
    kinds = [k.value for k in Kind]
    kind = kind.strip().lower() if isinstance(kind, str) else kind
    if kind not in kinds:
        raise Fault("kind", f"{json_repr(kind)} is not a kind ({', '.join(kinds)})")
    return card_id, name.strip(), Kind(kind)


def _checked_card(card: Card) -> Card:
    if "top" not in card.paths:
        raise Fault("path", f"card {card.id!r} needs a 'top' path")
    if card.kind is not Kind.STORY and len(card.paths) > 1:
        raise Fault("path", f"a {card.kind} card has one path, 'top'")
    if card.kind is Kind.DESTINY and not card.requirements:
        raise Fault("requirements", "a Destiny card needs its requirements")
    if card.kind is not Kind.DESTINY and card.requirements:
        raise Fault("requirements", "only a Destiny card has requirements")
    return card
