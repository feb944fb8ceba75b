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

import json
from collections.abc import Mapping
from pathlib import Path

from games.call_to_adventure.cards import (
    Card,
    CardPath,
    Catalogue,
    CatalogueError,
    Kind,
    Problem,
)
from games.call_to_adventure.catalogue_csv import from_csv
from games.call_to_adventure.catalogue_json import from_json
from games.call_to_adventure.profile import DEFAULT_PROFILE, Profile

__all__ = [
    "Card",
    "CardPath",
    "Catalogue",
    "CatalogueError",
    "Kind",
    "Problem",
    "example_catalogue",
    "load_catalogue",
]

DATA_DIR = Path(__file__).resolve().parent / "data"
EXAMPLE_CATALOGUE = DATA_DIR / "example_catalogue.json"


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
            return from_csv(source, profile)
        if fmt != "json":
            raise CatalogueError([Problem(1, None, f"unknown catalogue format {fmt!r}")])
        try:
            source = json.loads(source)
        except (ValueError, RecursionError) as exc:
            raise CatalogueError([Problem(1, None, f"not JSON: {exc}")]) from None
    return from_json(source, profile)


def example_catalogue() -> Catalogue:
    """The shipped catalogue of INVENTED cards (tests and demo, never a real event)."""
    return load_catalogue(EXAMPLE_CATALOGUE)
