"""Entering a table of a catalogue game, a game known by its scoring rules only (its
``EntryPage``, served by scoring's entry page): one score per seat, with the entered
tie-break where the game breaks ties so, or the finishing order, a place per seat
(chosen in a select without JavaScript; with it, by tapping the players in the order
they finished). The preview shows the places the entry gives."""

from games.forms import int_field
from games.scores_and_places import PLACES, TIEBREAK_ENTERED


def kind_of(table) -> str:
    """The kind the page enters: the game's table kind (``scores/1`` or ``places/1``)."""
    return table.round.event.game_type.table_kind.key


def breaks_ties(table) -> bool:
    rules = table.round.event.game_type.catalogue
    return rules is not None and rules.ties == TIEBREAK_ENTERED


def entry_from_post(page) -> dict:
    """The entry as typed: a blank or a word is passed on for the scorer to refuse
    beside its seat; a tie-break left blank is 0."""
    table, data = page.table, page.data
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


def preview_of(page, entry) -> dict:
    answer, error = page.score(kind_of(page.table), entry)
    if error is not None:
        return {"error": error}
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


def page_context(page, preview=None) -> dict:
    table = page.table
    kind = kind_of(table)
    start = page.stored() if page.override else None
    if start is not None and start.kind != kind:
        start = None
    data = form_of_entry(start.entry) if not page.data and start is not None else page.data
    names = page.names
    error = (preview or {}).get("error")
    conflict = page.whole_conflict(
        (error or {}).get("conflict"), lambda entry: entry_by_seat(entry, len(names))
    )
    return {
        "game": table.round.event.game_type,
        "by_places": kind == PLACES,
        "tiebreaks": breaks_ties(table),
        "seats": seat_rows(names, data, preview),
        "place_choices": range(1, len(names) + 1),
        "preview": None if conflict else preview,  # the conflict is shown whole, above
        # The reason of an error of no one seat (a conflict's): scoring/end_of_game_entry.html
        "conflict_reason": error["reason"] if error and error.get("seat") is None else None,
        "conflict": conflict,
        "override": page.override,
        "basis": data.get("basis", start.basis if start else ""),
        "reason": data.get("reason", ""),
        "waiting": page.waiting(),
    }


def preview_context(page) -> dict:
    preview = preview_of(page, entry_from_post(page))
    return {"seats": seat_rows(page.names, page.data, preview), "preview": preview}
