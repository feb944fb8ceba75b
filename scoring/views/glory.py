"""Entering a Call to Glory table round by round: the rounds entered so far read-only,
the next round's sets (or quick scores), a live preview, and save (or an organiser's
override). Each round is saved as it is played; the others confirm the whole game once."""

from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.call_to_glory.options import read_options
from games.call_to_glory.tasks import DEFAULT_DECKS, LETTERS
from games.refusal import Refusal
from scoring.entries import score, seat_names
from scoring.models import Submission
from scoring.submissions import latest_agreed
from scoring.views.common import (
    access_table_to_write,
    int_field,
    new_form_token,
    open_submission,
    roles,
)
from scoring.views.saving import entry_page

KIND = Submission.Kind.GLORY_TABLE
CARD_VALUES = [6, 7, 8, 9, 12, 14, 16, 18, 20]


def entered_so_far(table, override: bool = False) -> tuple[list, dict | None]:
    """The rounds entered so far (the game in progress, else the agreed game) and the
    answer that scored them: they are shown read-only above the next round. An
    organiser overriding a finished game enters its last round again."""
    current = table.submissions.filter(status=Submission.Status.IN_PROGRESS).first()
    if current is not None and current.kind == KIND:
        return list(current.entry.get("rounds", [])), current.answer
    agreed = latest_agreed(table)
    if agreed is None or agreed.kind != KIND:
        return [], None
    rounds = list(agreed.entry.get("rounds", []))
    if override and agreed.answer.get("complete", True):
        rounds = rounds[:-1]
        if not rounds:
            return [], None
        try:
            _document, answer = score(table, KIND, {"rounds": rounds})
        except Refusal:
            return [], None
        return rounds, answer
    return rounds, agreed.answer


def task_choices() -> list[tuple[str, list[str]]]:
    """The task cards of the default decks, deck by deck, for the reveal selects."""
    return [(letter, [f"{letter}{value}" for value in DEFAULT_DECKS[letter]]) for letter in LETTERS]


def round_from_post(data, seats: int, imperial: bool) -> dict:
    if data.get("quick"):
        return {"scores": [int_field(data, f"score-{seat}") for seat in range(seats)]}
    sets = []
    for seat in range(seats):
        sizes = {str(value): int_field(data, f"set-{seat}-{value}") for value in CARD_VALUES}
        sets.append({value: size for value, size in sizes.items() if size != 0})
    round_ = {"sets": sets}
    if imperial:
        round_["reveals"] = [
            data[f"reveal-{k}"].strip() for k in range(seats) if data.get(f"reveal-{k}", "").strip()
        ]
    return round_


def entry_from_post(table, data) -> dict:
    rounds, _answer = entered_so_far(table, override=bool(data.get("override")))
    imperial = bool(table.round.event.rules_options.get("imperial_tasks"))
    return {"rounds": [*rounds, round_from_post(data, table.seats.count(), imperial)]}


def preview_of(table, entry) -> dict:
    """The scorer's answer as rows per seat (round scores, running total, place), or
    its error."""
    try:
        _document, answer = score(table, KIND, entry)
    except Refusal as refused:
        return {"error": refused.error, "seat_name": seat_name(table, refused.error)}
    rows = [
        {
            "name": name,
            "scores": [round_["scores"][seat] for round_ in answer["rounds"]],
            "total": answer["totals"][seat],
            "place": answer["places"][seat],
        }
        for seat, name in enumerate(answer["players"])
    ]
    complete = answer.get("complete", True)
    return {
        "answer": answer,
        "rows": rows,
        "complete": complete,
        "next_start": None if complete else answer["players"][answer["next_start"]],
    }


def seat_name(table, error: dict) -> str:
    seat = error.get("seat")
    names = seat_names(table)
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def error_slots(seats: int, error: dict | None) -> list[dict]:
    """One slot beside each seat and one for the whole table; the error goes into the
    one it names."""
    seat = (error or {}).get("seat")
    slots = [
        {"id": f"err-seat-{index}", "error": error if seat == index else None}
        for index in range(seats)
    ]
    whole = error if error and not (isinstance(seat, int) and 0 <= seat < seats) else None
    return [*slots, {"id": "err-glory", "error": whole}]


def rounds_of(options: dict) -> int | None:
    """How many rounds the event's game has (the game's default when not set)."""
    try:
        return read_options(options).rounds
    except ValueError:
        return None


def page_context(request, table, data=None, preview=None) -> dict:
    names = seat_names(table)
    data = data or {}
    override = bool(data.get("override") or request.GET.get("override"))
    rounds, answer = entered_so_far(table, override)
    options = table.round.event.rules_options
    start = answer.get("next_start", 0) if answer else 0
    slots = error_slots(len(names), (preview or {}).get("error"))
    seats = [
        {
            "index": index,
            "name": name,
            "values": [
                {"value": value, "size": data.get(f"set-{index}-{value}", "0") or "0"}
                for value in CARD_VALUES
            ],
            "score": data.get(f"score-{index}", ""),
            "slot": slots[index],
        }
        for index, name in enumerate(names)
    ]
    reveal_order = [names[(start + k) % len(names)] for k in range(len(names))]
    entered_rounds = answer["rounds"] if answer else []
    entered_rows = (
        [
            {
                "name": name,
                "scores": [round_["scores"][seat] for round_ in entered_rounds],
                "total": answer["totals"][seat],
            }
            for seat, name in enumerate(names)
        ]
        if answer
        else []
    )
    return {
        "table": table,
        "names": names,
        "seats": seats,
        "entered_rounds": entered_rounds,
        "entered_rows": entered_rows,
        "round_number": len(rounds) + 1,
        "rounds_total": rounds_of(options),
        "game_over": bool(answer) and answer.get("complete", True),
        "start_name": names[start] if names else "",
        "imperial": bool(options.get("imperial_tasks")),
        "reveals": [
            {"k": k, "name": name, "value": data.get(f"reveal-{k}", "")}
            for k, name in enumerate(reveal_order)
        ],
        "quick": bool(data.get("quick")),
        "override": override,
        "task_choices": task_choices(),
        "reason": data.get("reason", ""),
        "form_token": new_form_token(request),
        "waiting": open_submission(table),
        "preview": preview,
        "slots": slots,
        **roles(request.user, table),
    }


def glory_entry(request, table_id: int):
    return entry_page(
        request, table_id, KIND, "scoring/glory_entry.html", entry_from_post, page_context
    )


@require_POST
def glory_preview(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    preview = preview_of(table, entry_from_post(table, request.POST))
    slots = error_slots(table.seats.count(), preview.get("error"))
    return render(
        request,
        "scoring/_glory_preview.html",
        {"preview": preview, "slots": slots, "oob": True},
    )
