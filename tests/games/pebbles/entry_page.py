"""Pebbles' table entry, as the site's one entry page serves it (``EntryPage``): each
seat's pebbles at the end of the game, a preview of the places, and an override page of
its own. Nothing outside this folder names it: the proof that a game with its own entry
is one folder."""

from games.forms import int_field

TABLE_FORMAT = "pebbles-table/1"


def entry_from_post(page) -> dict:
    seats = range(len(page.names))
    return {"pebbles": [int_field(page.data, f"pebbles-{seat}", default=None) for seat in seats]}


def places_of(page, entry) -> dict:
    """The places the entry gives, or the scorer's error."""
    answer, error = page.score(TABLE_FORMAT, entry)
    if error is not None:
        return {"error": error}
    return {"places": list(zip(answer["players"], answer["places"], strict=True))}


def seat_rows(page, data) -> list[dict]:
    return [
        {"index": seat, "name": name, "value": data.get(f"pebbles-{seat}", "")}
        for seat, name in enumerate(page.names)
    ]


def page_context(page, preview=None) -> dict:
    error = (preview or {}).get("error")
    conflict = page.whole_conflict(
        (error or {}).get("conflict"), lambda entry: entry.get("pebbles") or []
    )
    return {
        "seats": seat_rows(page, page.data),
        "preview": None if conflict else preview,
        "conflict": conflict,
        "waiting": page.waiting(),
    }


def preview_context(page) -> dict:
    return {"preview": places_of(page, entry_from_post(page))}


def taken(names: list[str], submission) -> dict:
    """What the table's page shows of a saved entry: each seat's pebbles."""
    if submission.kind != TABLE_FORMAT:
        return {}
    return {"pebbles": list(zip(names, submission.entry["pebbles"], strict=True))}


def override_context(page, error=None) -> dict:
    """The override starts from the stored entry (its basis named), else the form sent."""
    stored = page.stored()
    data = page.data
    if not data and stored is not None:
        data = {f"pebbles-{seat}": n for seat, n in enumerate(stored.entry["pebbles"])}
    return {
        "seats": seat_rows(page, data),
        "basis": page.data.get("basis", stored.basis if stored else ""),
        "reason": page.data.get("reason", ""),
        "error": error,
    }


def override_from_post(page) -> tuple[str, dict]:
    return TABLE_FORMAT, entry_from_post(page)
