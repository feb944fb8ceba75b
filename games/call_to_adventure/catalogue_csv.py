"""Catalogue import from CSV: one row per path of a card (see :mod:`.catalogue`)."""

import csv
import io
import re

from games.call_to_adventure.cards import (
    PATH_NAMES,
    Card,
    CardPath,
    Catalogue,
    CatalogueError,
    Kind,
    Problem,
    checked_card,
    identity,
    known_icon,
)
from games.call_to_adventure.destiny import requirements_from_cell
from games.call_to_adventure.fields import InputFault, small_number
from games.call_to_adventure.profile import Profile

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


def from_csv(text: str, profile: Profile) -> Catalogue:
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


class _RowFault(InputFault):
    def __init__(self, row: int, fault: InputFault):
        super().__init__(fault.field, fault.reason)
        self.row = row


def _csv_card(group: list[tuple[int, dict[str, str]]], profile: Profile) -> Card:
    first_row = group[0][0]
    paths: dict[str, CardPath] = {}
    requirements: tuple = ()
    first_seen: tuple[str, str, Kind] | None = None
    for row_number, row in group:
        try:
            found = identity(row.get("id"), row.get("name"), row.get("kind"))
            if first_seen and found != first_seen:
                column = "name" if found[1] != first_seen[1] else "kind"
                raise InputFault(column, f"card {found[0]!r} has another {column} on a row above")
            first_seen = found
            path_name = row.get("path") or "top"
            if path_name not in PATH_NAMES:
                raise InputFault("path", f"a path is 'top' or 'bottom', not {path_name!r}")
            if path_name in paths:
                raise InputFault("path", f"card {found[0]!r} already has a {path_name!r} row")
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
                    raise InputFault("requirements", "give a card's requirements on one row")
                requirements = requirements_from_cell(
                    row["requirements"].lower(),
                    profile.story_icons + profile.abilities,
                    "requirements",
                )
        except InputFault as fault:
            raise _RowFault(row_number, fault) from None
    assert first_seen is not None, "a group has at least one row"
    try:
        return checked_card(Card(*first_seen, paths, requirements))
    except InputFault as fault:
        raise _RowFault(first_row, fault) from None


def _cell_number(cell: str, column: str) -> int:
    if cell == "":
        return 0
    if not re.fullmatch(r"\d+", cell):
        raise InputFault(column, f"{cell[:20]!r} is not a whole number")
    return small_number(cell, column)


def _cell_icons(cell: str, names: tuple[str, ...], column: str) -> dict[str, int]:
    icons: dict[str, int] = {}
    for item in filter(None, re.split(r"[;,\s]+", cell.lower())):
        name, _, times = item.partition("*")
        if times and not times.isdigit():
            raise InputFault(column, f"{item!r}: write 'nature*2' for two icons")
        known_icon(name, names, column)
        icons[name] = icons.get(name, 0) + (small_number(times, column) if times else 1)
    return icons
