"""An organiser's override of a Call to Glory table: the whole game, every round shown
and editable, starting from the entry the table's result stands on (disputed, waiting,
in progress or agreed), or game totals alone. Saved with a reason, it names that entry
as its basis, so an override made from a stale page is refused instead of applied."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.forms import int_field
from games.registry import entry_kind
from refusal import attempted
from scoring.entries import seat_names
from scoring.models import Submission
from scoring.submissions import current_entry, do_override_result
from scoring.views.common import (
    access_table_to_write,
    consume_form_token,
    new_form_token,
)
from tournaments.permissions import is_event_organiser

TABLE = Submission.Kind.GLORY_TABLE
TOTALS = Submission.Kind.GLORY_TOTALS
# The game's entry form: its card values, reveal choices and one round read from a form.
FORM = entry_kind(Submission.Kind.GLORY_TABLE)[0].entry_form


def starting_entry(table) -> tuple[Submission | None, list, list]:
    """The entry the override starts from, its rounds and its game totals."""
    start = current_entry(table)
    if start is None or start.kind not in (TABLE, TOTALS):
        return start, [], []
    totals = start.answer.get("totals", []) if start.answer.get("valid") else []
    return start, start.rounds, totals


def round_fields(number: int, stored: dict | None, names: list[str], data, imperial: bool):
    """One round's fields: from the form sent (shown again), else from the stored round."""
    prefix = f"r{number}-"
    stored = stored or {}
    sent = bool(data)
    sets = stored.get("sets") or [{} for _name in names]
    scores = stored.get("scores") or ["" for _name in names]
    reveals = stored.get("reveals") or []
    quick = bool(data.get(f"{prefix}quick")) if sent else "scores" in stored
    return {
        "number": number,
        "prefix": prefix,
        "quick": quick,
        "seats": [
            {
                "index": seat,
                "name": name,
                "values": [
                    FORM.card_cell(
                        value,
                        (
                            data.get(f"{prefix}set-{seat}-{value}", "0")
                            if sent
                            else sets[seat].get(str(value), 0)
                        )
                        or "0",
                    )
                    for value in FORM.CARD_VALUES
                ],
                "score": data.get(f"{prefix}score-{seat}", "") if sent else scores[seat],
            }
            for seat, name in enumerate(names)
        ],
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


def rounds_in_game(table, stored_rounds: list) -> int:
    event = table.round.event
    return max(event.game_type.rounds(event.rules_options) or 1, len(stored_rounds))


def override_context(request, table, data=None, error=None) -> dict:
    names = seat_names(table)
    data = data or {}
    start, rounds, totals = starting_entry(table)
    imperial = bool(table.round.event.rules_options.get("imperial_tasks"))
    sent = bool(data)
    return {
        "table": table,
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
            for number in range(1, rounds_in_game(table, rounds) + 1)
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
        "task_choices": FORM.task_choices(),
        "reason": data.get("reason", ""),
        "error": error,
        "error_seat": seat_of_error(names, error),
        "form_token": new_form_token(request),
    }


def seat_of_error(names: list[str], error: dict | None) -> str:
    seat = (error or {}).get("seat")
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def is_empty_round(round_: dict) -> bool:
    """A round the organiser left blank (no set, no score): not part of the game."""
    if "scores" in round_:
        return all(score in (0, "") for score in round_["scores"])
    return not any(round_.get("sets", [])) and not round_.get("reveals")


def override_from_post(table, data) -> tuple[str, dict]:
    """(the kind, the entry): game totals, or every round the form holds, blank rounds
    at the end left out."""
    seats = table.seats.count()
    if data.get("totals_only"):
        return TOTALS, {"totals": [int_field(data, f"total-{seat}", "") for seat in range(seats)]}
    imperial = bool(table.round.event.rules_options.get("imperial_tasks"))
    _start, stored, _totals = starting_entry(table)
    rounds = [
        FORM.round_from_post(data, seats, imperial, prefix=f"r{number}-")
        for number in range(1, rounds_in_game(table, stored) + 1)
    ]
    while rounds and is_empty_round(rounds[-1]):
        rounds.pop()
    return TABLE, {"rounds": rounds}


def glory_override(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    if not is_event_organiser(request.user, table.round.event):
        raise PermissionDenied
    template = "scoring/glory_override.html"
    if request.method != "POST":
        return render(request, template, override_context(request, table))
    if not consume_form_token(request):
        return redirect("scoring-table", table_id=table.pk)
    kind, entry = override_from_post(table, request.POST)
    overridden = attempted(
        do_override_result,
        table,
        kind,
        entry,
        request.user,
        request.POST.get("reason", ""),
        basis=request.POST.get("basis", ""),
    )
    if not overridden:
        error = overridden.refusal.error
        return render(request, template, override_context(request, table, request.POST, error))
    messages.success(request, _("The result is overridden."))
    return redirect("scoring-table", table_id=table.pk)
