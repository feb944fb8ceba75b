"""Entering a table of a catalogue game (a game known by its scoring rules only,
games/registered/catalogue.py): one score per seat, with the entered tie-break where
the game breaks ties so, or the finishing order, a place per seat (chosen in a select
without JavaScript; with it, by tapping the players in the order they finished). The
preview shows the places the entry gives."""

from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.forms import int_field
from games.scores_and_places import PLACES, TIEBREAK_ENTERED
from refusal import attempted
from scoring.entries import score, seat_names
from scoring.submissions import current_entry
from scoring.views.common import (
    access_entry_table,
    conflict_view,
    entry_urls,
    new_form_token,
    open_submission,
    roles,
)
from scoring.views.saving import entry_page

TEMPLATE = "scoring/scores_entry.html"


def kind_of(table) -> str:
    """The kind the page enters: the game's table kind (``scores/1`` or ``places/1``)."""
    return table.round.event.game_type.table_kind.key


def breaks_ties(table) -> bool:
    rules = table.round.event.game_type.catalogue
    return rules is not None and rules.ties == TIEBREAK_ENTERED


def entry_from_post(table, data) -> dict:
    """The entry as typed: a blank or a word is passed on for the scorer to refuse
    beside its seat; a tie-break left blank is 0."""
    seats = range(table.seats.count())
    if kind_of(table) == PLACES:
        return {"places": [int_field(data, f"place-{seat}", default=None) for seat in seats]}
    entry: dict = {"scores": [int_field(data, f"score-{seat}", default=None) for seat in seats]}
    if breaks_ties(table):
        entry["tiebreaks"] = [int_field(data, f"tiebreak-{seat}") for seat in seats]
    return entry


def form_of_entry(entry: dict) -> dict:
    """A stored entry as the form's fields (the override page starts from it)."""
    data = {}
    for name, field in (("scores", "score"), ("tiebreaks", "tiebreak"), ("places", "place")):
        for seat, value in enumerate(entry.get(name) or []):
            data[f"{field}-{seat}"] = str(value)
    return data


def preview_of(table, entry) -> dict:
    scored = attempted(score, table, kind_of(table), entry)
    if not scored:
        return {"error": scored.refusal.error}
    _document, answer = scored.answer
    return {"places": answer["places"], "players": answer["players"]}


def seat_rows(names: list[str], data, preview: dict | None) -> list[dict]:
    error = (preview or {}).get("error") or {}
    places = (preview or {}).get("places") or []
    return [
        {
            "index": seat,
            "name": name,
            "score": data.get(f"score-{seat}", ""),
            "tiebreak": data.get(f"tiebreak-{seat}", ""),
            "place": str(data.get(f"place-{seat}", "")),
            "error": error if error.get("seat") == seat else None,
            "shown_place": places[seat] if seat < len(places) else None,
        }
        for seat, name in enumerate(names)
    ]


def entry_by_seat(entry: dict, seats: int) -> list[str]:
    """Each seat's place, or score and tie-break, as a conflict shows them."""
    columns = [entry.get(name) or [] for name in ("places", "scores", "tiebreaks")]
    return [
        " · ".join(str(column[seat]) for column in columns if seat < len(column))
        for seat in range(seats)
    ]


def page_context(request, table, data=None, preview=None) -> dict:
    kind = kind_of(table)
    override = bool((data or {}).get("override") or request.GET.get("override"))
    start = current_entry(table) if override else None
    if start is not None and start.kind != kind:
        start = None
    if not data and start is not None:
        data = form_of_entry(start.entry)
    data = data or {}
    names = seat_names(table)
    error = (preview or {}).get("error")
    conflict = conflict_view(
        names, (error or {}).get("conflict"), lambda entry: entry_by_seat(entry, len(names))
    )
    return {
        "table": table,
        "game": table.round.event.game_type,
        "by_places": kind == PLACES,
        "tiebreaks": breaks_ties(table),
        "seats": seat_rows(names, data, preview),
        "place_choices": range(1, len(names) + 1),
        "preview": None if conflict else preview,  # the conflict is shown whole, above
        "general_error": error if error and error.get("seat") is None else None,
        "conflict": conflict,
        "override": override,
        "basis": data.get("basis", start.basis if start else ""),
        "reason": data.get("reason", ""),
        "form_token": new_form_token(request),
        "waiting": open_submission(table),
        **entry_urls(request, table),
        **roles(request.user, table),
    }


def scores_entry(request, table_id: int):
    table = access_entry_table(request, table_id)
    return entry_page(request, table_id, kind_of(table), TEMPLATE, entry_from_post, page_context)


@require_POST
def scores_preview(request, table_id: int):
    table = access_entry_table(request, table_id)
    preview = preview_of(table, entry_from_post(table, request.POST))
    seats = seat_rows(seat_names(table), request.POST, preview)
    return render(request, "scoring/_scores_preview.html", {"seats": seats, "preview": preview})
