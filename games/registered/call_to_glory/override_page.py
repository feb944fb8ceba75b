"""An organiser's override of a Call to Glory table (its ``OverridePage``, served by
scoring): the whole game, every round shown and editable, starting from the entry the
table's result stands on (disputed, waiting, in progress or agreed), or game totals
alone. Saved with a reason, it names that entry as its basis, so an override made from
a stale page is refused instead of applied."""

from games.call_to_glory import table as table_format
from games.call_to_glory import totals as totals_format
from games.forms import int_field
from games.registered.call_to_glory import entry_form

TABLE = table_format.FORMAT
TOTALS = totals_format.FORMAT


def starting_entry(page) -> tuple:
    """The entry the override starts from, its rounds and its game totals."""
    start = page.stored()
    if start is None or start.kind not in (TABLE, TOTALS):
        return start, [], []
    totals = start.answer.get("totals", []) if start.answer.get("valid") else []
    return start, start.rounds, totals


def round_fields(number: int, stored: dict | None, names: list[str], data, imperial: bool):
    """One round's fields: from the form sent (shown again), else from the stored round.
    Each seat's sets are also said in words ("20×3 · 18×2"): the line a phone shows
    with the card grid folded."""
    prefix = f"r{number}-"
    stored = stored or {}
    sent = bool(data)
    sets = stored.get("sets") or [{} for _name in names]
    scores = stored.get("scores") or ["" for _name in names]
    reveals = stored.get("reveals") or []
    seats = [
        {
            "index": seat,
            "name": name,
            "values": [
                entry_form.card_cell(
                    value,
                    (
                        data.get(f"{prefix}set-{seat}-{value}", "0")
                        if sent
                        else sets[seat].get(str(value), 0)
                    )
                    or "0",
                )
                for value in entry_form.CARD_VALUES
            ],
            "score": data.get(f"{prefix}score-{seat}", "") if sent else scores[seat],
        }
        for seat, name in enumerate(names)
    ]
    for seat in seats:
        seat["words"] = sets_in_words(seat["values"])
    return {
        "number": number,
        "prefix": prefix,
        "quick": bool(data.get(f"{prefix}quick")) if sent else "scores" in stored,
        "seats": seats,
        "reveals": [
            {
                "k": k,
                "value": (
                    data.get(f"{prefix}reveal-{k}", "")
                    if sent
                    else (reveals[k] if k < len(reveals) else "")
                ),
            }
            for k in range(len(names))
        ]
        if imperial
        else [],
    }


def sets_in_words(cells: list[dict]) -> str:
    """A seat's sets as people write them down, the highest value first: "20×3 · 9×2"."""
    held = [cell for cell in reversed(cells) if cell["has_set"]]
    return " · ".join(f"{cell['value']}×{cell['size']}" for cell in held)


def rounds_in_game(page, stored_rounds: list) -> int:
    event = page.table.round.event
    return max(event.game_type.rounds(event.rules_options) or 1, len(stored_rounds))


def override_context(page, error=None) -> dict:
    names, data = page.names, page.data
    start, rounds, totals = starting_entry(page)
    imperial = bool(page.options.get("imperial_tasks"))
    sent = bool(data)
    return {
        "names": names,
        "start": start,
        "basis": data.get("basis", "") if sent else (start.basis if start else ""),
        "rounds": [
            round_fields(
                number,
                rounds[number - 1] if number <= len(rounds) else None,
                names,
                data,
                imperial,
            )
            for number in range(1, rounds_in_game(page, rounds) + 1)
        ],
        "totals_only": bool(data.get("totals_only"))
        if sent
        else bool(start and start.kind == TOTALS),
        "totals": [
            {
                "index": seat,
                "name": name,
                "value": data.get(f"total-{seat}", "")
                if sent
                else (totals[seat] if seat < len(totals) else ""),
            }
            for seat, name in enumerate(names)
        ],
        "imperial": imperial,
        "task_choices": entry_form.task_choices(),
        "reason": data.get("reason", ""),
        "error": error,
        "error_seat": seat_of_error(names, error),
    }


def seat_of_error(names: list[str], error: dict | None) -> str:
    seat = (error or {}).get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def is_empty_round(round_: dict) -> bool:
    """A round the organiser left blank (no set, no score): not part of the game."""
    if "scores" in round_:
        return all(score in (0, "") for score in round_["scores"])
    return not any(round_.get("sets", [])) and not round_.get("reveals")


def override_from_post(page) -> tuple[str, dict]:
    """(the kind, the entry): game totals, or every round the form holds, blank rounds
    at the end left out."""
    data, seats = page.data, page.table.seats.count()
    if data.get("totals_only"):
        return TOTALS, {"totals": [int_field(data, f"total-{seat}", "") for seat in range(seats)]}
    imperial = bool(page.options.get("imperial_tasks"))
    _start, stored, _totals = starting_entry(page)
    rounds = [
        entry_form.round_from_post(data, seats, imperial, prefix=f"r{number}-")
        for number in range(1, rounds_in_game(page, stored) + 1)
    ]
    while rounds and is_empty_round(rounds[-1]):
        rounds.pop()
    return TABLE, {"rounds": rounds}
