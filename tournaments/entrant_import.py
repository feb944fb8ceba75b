"""Importing entrants from CSV: a header row naming the columns (``name``, and
optionally ``username``, ``email``, ``club``, ``seed``, ``fixed_table``), one entrant a
row. Every row is checked before anything is written, and then all are entered in one
transaction, or none: the refusal lists every bad row by its number in the file (the
header is row 1, as in a spreadsheet) and why.

An import keeps the event's places (``Event.capacity``), as registration does: the rows
beyond the places still free are entered on the waitlist, in the file's order (every
event with places has one; a free place goes to the first on it)."""

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.refusal import Refusal, attempted
from tournaments.entrants import (
    MAX_TABLE_NUMBER,
    check_club,
    check_fixed_table,
    check_name,
    do_add_entrant,
    do_add_walk_in,
)
from tournaments.finishing import check_not_finished
from tournaments.models import MAX_INTEGER, Entrant, Event
from tournaments.people import find_person
from tournaments.registration import lock_event

COLUMNS = ("name", "username", "email", "club", "seed", "fixed_table")
MAX_CHARACTERS = 200_000
MAX_ROWS = 1_000
MAX_EMAIL = 254


@dataclass
class Row:
    number: int
    name: str
    user: object = None
    email: str = ""
    club: str = ""
    seed: int = 0
    fixed_table: int | None = None


def check_header(first: list[str]) -> list[str]:
    header = [cell.strip().casefold() for cell in first]
    unknown = [cell for cell in header if cell not in COLUMNS]
    twice = sorted({cell for cell in header if header.count(cell) > 1})
    if "name" not in header or unknown or twice:
        raise Refusal(
            _(
                "The first row names the columns: name, and any of username, email, club, "
                "seed, fixed_table (unknown or repeated here: %(cells)s)."
            )
            % {"cells": ", ".join(unknown + twice) or "-"},
            field="csv",
        )
    return header


def whole_number(text: str, low: int, high: int, what: str) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise Refusal(
            _("%(what)s must be a whole number from %(low)s to %(high)s, not %(text)s.")
            % {"what": what, "low": low, "high": high, "text": text[:20]}
        )
    return int(text)


def read_row(number: int, cells: dict) -> Row:
    """One row checked, or the refusal of its first problem."""
    user = find_person(cells["username"]) if cells.get("username") else None
    row = Row(number=number, name=check_name(cells.get("name") or str(user or "")), user=user)
    row.email = cells.get("email", "")
    if row.email:
        if len(row.email) > MAX_EMAIL:
            raise Refusal(_("An e-mail address has at most %(n)s characters.") % {"n": MAX_EMAIL})
        try:
            validate_email(row.email)
        except ValidationError:
            raise Refusal(_("%(email)s is not an e-mail address.") % {"email": row.email}) from None
    row.club = check_club(cells.get("club", ""))
    if cells.get("seed"):
        row.seed = whole_number(cells["seed"], 1, MAX_INTEGER, _("The seed"))
    if cells.get("fixed_table"):
        row.fixed_table = check_fixed_table(
            whole_number(cells["fixed_table"], 1, MAX_TABLE_NUMBER, _("The fixed table"))
        )
    return row


def check_twice(rows: list[Row], event: Event, problems: list) -> None:
    """Nobody twice in the file, nor already entered (names compared regardless of case)."""
    entered = {name.casefold() for name in event.entrants.values_list("name", flat=True)}
    entered_users = set(event.entrants.values_list("user_id", flat=True))
    seen_names, seen_users = {}, {}
    for row in rows:
        first = seen_names.setdefault(row.name.casefold(), row.number)
        if row.user is not None:
            first = min(first, seen_users.setdefault(row.user.pk, row.number))
        if first != row.number:
            problems.append((row.number, _("the same person as row %(n)s") % {"n": first}))
        elif row.name.casefold() in entered or (row.user and row.user.pk in entered_users):
            problems.append((row.number, _("%(name)s is already entered") % {"name": row.name}))


def read_csv(text: str, event: Event) -> list[Row]:
    """The rows, each checked, or one refusal listing every bad row."""
    if not isinstance(text, str) or not text.strip():
        raise Refusal(_("Give the entrants as CSV, a header row first."), field="csv")
    if len(text) > MAX_CHARACTERS:
        raise Refusal(
            _("An import has at most %(n)s characters; this one has %(length)s.")
            % {"n": MAX_CHARACTERS, "length": len(text)},
            field="csv",
        )
    try:
        lines = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    except csv.Error as error:
        raise Refusal(_("This is not CSV: %(error)s.") % {"error": error}, field="csv") from None
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if any(c.strip() for c in line)]
    if not numbered:
        raise Refusal(_("Give the entrants as CSV, a header row first."), field="csv")
    header = check_header(numbered.pop(0)[1])
    if not numbered or len(numbered) > MAX_ROWS:
        raise Refusal(
            _("An import has 1 to %(max)s entrants after the header row; this one has %(n)s.")
            % {"max": MAX_ROWS, "n": len(numbered)},
            field="csv",
        )
    rows, problems = [], []
    for number, line in numbered:
        if len(line) > len(header):
            problems.append((number, _("more cells than the header names")))
            continue
        read = attempted(
            read_row, number, {k: v.strip() for k, v in zip(header, line, strict=False)}
        )
        if read:
            rows.append(read.answer)
        else:
            problems.append((number, str(read.refusal.message)))
    check_twice(rows, event, problems)
    if problems:
        raise refusal_of(sorted(problems))
    return rows


def refusal_of(problems: list[tuple[int, str]]) -> Refusal:
    lines = [_("row %(n)s: %(reason)s") % {"n": n, "reason": reason} for n, reason in problems]
    message = ngettext(
        "Nothing was imported: %(n)s row needs fixing (%(rows)s).",
        "Nothing was imported: %(n)s rows need fixing (%(rows)s).",
        len(problems),
    ) % {"n": len(problems), "rows": "; ".join(lines)}
    rows = [{"row": n, "reason": reason} for n, reason in problems]
    return Refusal(message, field="csv", error={"reason": message, "rows": rows})


def free_places(event: Event) -> int | None:
    """The places not taken by an active entrant; None: no limit."""
    if event.capacity is None:
        return None
    taken = event.entrants.filter(status=Entrant.Status.ACTIVE).count()
    return max(0, event.capacity - taken)


def do_import_entrants(event: Event, text: str, by) -> list:
    """Enter every row of ``text`` (see the module's docstring), all or none. Under the
    event's row lock, as registration is: the same file sent twice at once (a retry on
    venue Wi-Fi) is checked against the first one's entrants, never entered twice."""
    check_not_finished(event)
    with transaction.atomic():
        event = lock_event(event)
        rows = read_csv(text, event)
        entrants, free = [], free_places(event)
        for number, row in enumerate(rows):
            waits = free is not None and number >= free
            place = {
                "seed": row.seed,
                "club": row.club,
                "fixed_table": row.fixed_table,
                "status": Entrant.Status.WAITLISTED if waits else Entrant.Status.ACTIVE,
            }
            if row.user is not None:
                entrants.append(do_add_entrant(event, user=row.user, name=row.name, by=by, **place))
            else:
                entrants.append(do_add_walk_in(event, row.name, email=row.email, **place))
    return entrants
