"""How a game declares its table entry on the site (``GameType.entry``): scoring's one
entry page, its preview, the override and the offline endpoint serve every game from
these declarations (docs/architecture.md, "The game registry")."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OverridePage:
    """An organiser's override page of its own (none: the entry page with
    ``?override=1`` overrides): ``template``, ``context(page, error)`` its context
    (``error``: what the last save was refused with) and ``read(page)`` the posted form
    as (the kind, the entry)."""

    template: str
    context: Callable[[Any, dict | None], dict]
    read: Callable[[Any], tuple[str, dict]]


@dataclass(frozen=True)
class EntryPage:
    """How a table of the game is entered on the site. ``scoring`` serves one entry page,
    its live preview, the override and the offline endpoint for every game from this;
    the game names nothing of ``scoring``.

    Each callable gets ``page``, the table as the entry page sees it
    (``scoring.entering.TableEntry``): ``table``, ``names`` (the seats' names),
    ``options`` (the event's), ``data`` (the form sent; {} when the page is shown),
    ``round`` (the round the form names, or None), ``override``, ``by_slip``,
    ``stored()`` (the entry the table's result stands on, or None), ``waiting()`` (the
    entry waiting for confirmation), ``score(kind, entry)`` -> (the answer, None) or
    (None, the scorer's error), ``rules_profile()``, ``picks()`` (the cards a player
    picks by name) and ``whole_conflict(conflict, per_seat)``.

    ``path`` is its address, ``/scoring/tables/ID/<path>/`` (``preview/`` below it);
    ``template`` the page, filled with ``context(page, preview)`` and what scoring adds
    (the table, the links, the form token, the reader's roles); ``read(page)`` the
    entry in the posted form (of the game's ``table_kind``, the same reader for the
    offline endpoint); ``preview(page)`` the context of ``preview_template``;
    ``details(names, submission)`` what ``details_template`` shows of a saved entry on
    the table's page ({}: nothing); ``override`` an override page of its own.
    ``round_by_round``: the form names the round it enters (a form that names none is
    out of date) and the page comes again after each round of a game in progress."""

    path: str
    template: str
    read: Callable[[Any], dict]
    context: Callable[[Any, dict | None], dict]
    preview_template: str
    preview: Callable[[Any], dict]
    details_template: str = ""
    details: Callable[[list[str], Any], dict] | None = None
    override: OverridePage | None = None
    round_by_round: bool = False
