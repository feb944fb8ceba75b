"""Entering a Call to Glory table round by round: the rounds entered so far read-only,
the next round's sets (or quick scores), a live preview, and save. Each round is saved
as it is played, naming the round the page showed; the others confirm the whole game
once. A round someone entered meanwhile is compared: the same is an agreement, another
is shown beside the stored one (``conflict_view``)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.registry import entry_kind
from refusal import attempted
from scoring.entries import score, seat_names
from scoring.models import Submission
from scoring.submissions import current_entry
from scoring.views.common import access_entry_table, entry_urls, new_form_token, roles
from scoring.views.glory_override import glory_override
from scoring.views.saving import entry_page, posted_round

KIND = Submission.Kind.GLORY_TABLE
# The game's entry form: its card values, reveal choices and one round read from a form.
FORM = entry_kind(Submission.Kind.GLORY_TABLE)[0].entry_form
# The fields of a round, sent again by "take theirs back and save mine".
POSTED_FIELDS = ("set-", "score-", "reveal-", "quick")


def entered_so_far(table) -> tuple[Submission | None, list, dict | None]:
    """The entry the page builds on (the game in progress, the whole game waiting for
    confirmation, else the agreed game), its rounds and the answer that scored them:
    they are shown read-only above the next round."""
    stored = current_entry(table)
    if stored is None or stored.kind != KIND:
        return None, [], None
    return stored, stored.rounds, stored.answer


def entry_from_post(table, data) -> dict:
    """The one round the page entered (saved as the round it names)."""
    imperial = bool(table.round.event.rules_options.get("imperial_tasks"))
    return FORM.round_from_post(data, table.seats.count(), imperial)


def rounds_for_preview(table, data) -> dict:
    """The rounds stored before the posted round and the posted round: what the game
    would be with it."""
    _stored, rounds, _answer = entered_so_far(table)
    number = posted_round(data) or len(rounds) + 1
    return {"rounds": [*rounds[: number - 1], entry_from_post(table, data)]}


def preview_of(table, entry) -> dict:
    """The scorer's answer as rows per seat (round scores, running total, place), or
    its error."""
    scored = attempted(score, table, KIND, entry)
    if not scored:
        error = scored.refusal.error
        return {"error": error, "seat_name": seat_name(table, error)}
    _document, answer = scored.answer
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
    one it names (a conflict is shown whole, above the form)."""
    if error and "conflict" in error:
        error = None
    seat = (error or {}).get("seat")
    slots = [
        {"id": f"err-seat-{index}", "error": error if seat == index else None}
        for index in range(seats)
    ]
    whole = error if error and not (isinstance(seat, int) and 0 <= seat < seats) else None
    return [*slots, {"id": "err-glory", "error": whole}]


def sets_in_words(round_: dict, seat: int) -> str:
    """A seat's sets in a round as people write them down: "20×3 · 9×2"; a round
    entered by its scores only: "–"."""
    sets = (round_.get("sets") or [])[seat : seat + 1]
    if not sets or not isinstance(sets[0], dict):
        return "–"
    ordered = sorted(sets[0].items(), key=lambda item: -int(item[0]) if item[0].isdigit() else 0)
    return " · ".join(f"{value}×{count}" for value, count in ordered) or "–"


def round_scores(table, before: list, round_: dict) -> list | None:
    """The scores ``round_`` gives each seat after the rounds ``before`` (None when it
    cannot be scored)."""
    scored = attempted(score, table, KIND, {"rounds": [*before, round_]})
    if not scored:
        return None
    _document, answer = scored.answer
    return answer["rounds"][-1]["scores"]


def conflict_view(table, conflict: dict | None) -> dict | None:
    """Both versions of a round entered twice, side by side per seat, with who entered
    the stored one, and whether the sender may take it back for theirs (only the last
    round of a game in progress can be taken back)."""
    if not conflict or not conflict.get("round"):
        return None
    number = conflict["round"]
    stored, rounds, _answer = entered_so_far(table)
    before = rounds[: number - 1]
    theirs, yours = conflict["stored"], conflict["yours"]
    their_scores = round_scores(table, before, theirs) or []
    your_scores = round_scores(table, before, yours) or []
    names = seat_names(table)
    return {
        "round": number,
        "stored_by": conflict["stored_by"],
        "stored_basis": conflict["stored_basis"],
        "rows": [
            {
                "name": name,
                "theirs": sets_in_words(theirs, seat),
                "their_score": their_scores[seat] if their_scores else "",
                "yours": sets_in_words(yours, seat),
                "your_score": your_scores[seat] if your_scores else "",
            }
            for seat, name in enumerate(names)
        ],
        "may_replace": stored is not None
        and stored.is_in_progress
        and stored.rounds_entered == number,
    }


def page_context(request, table, data=None, preview=None) -> dict:
    names = seat_names(table)
    data = data or {}
    stored, rounds, answer = entered_so_far(table)
    number = posted_round(data) or len(rounds) + 1
    shown_rounds = rounds[: number - 1]
    shown_answer = answer
    if answer and len(shown_rounds) < len(rounds):
        shown_answer = preview_of(table, {"rounds": shown_rounds}).get("answer")
    options = table.round.event.rules_options
    start = shown_answer.get("next_start", 0) if shown_answer else 0
    error = (preview or {}).get("error")
    conflict = conflict_view(table, (error or {}).get("conflict"))
    if conflict and getattr(request, "slip", None) is not None:
        conflict["may_replace"] = False  # taking a round back is for the players' accounts
    if conflict:
        preview = None  # the conflict is shown whole, above the form
    slots = error_slots(len(names), error)
    seats = [
        {
            "index": index,
            "name": name,
            "values": [
                FORM.card_cell(value, data.get(f"set-{index}-{value}", "0") or "0")
                for value in FORM.CARD_VALUES
            ],
            "score": data.get(f"score-{index}", ""),
            "slot": slots[index],
        }
        for index, name in enumerate(names)
    ]
    reveal_order = [names[(start + k) % len(names)] for k in range(len(names))]
    entered_rounds = shown_answer["rounds"] if shown_answer else []
    entered_rows = (
        [
            {
                "name": name,
                "scores": [round_["scores"][seat] for round_ in entered_rounds],
                "total": shown_answer["totals"][seat],
            }
            for seat, name in enumerate(names)
        ]
        if shown_answer
        else []
    )
    complete = bool(answer) and answer.get("complete", True)
    return {
        "table": table,
        "names": names,
        "seats": seats,
        "entered_rounds": entered_rounds,
        "entered_rows": entered_rows,
        "round_number": number,
        "rounds_total": table.round.event.game_type.rounds(options),
        "game_over": complete and not stored.is_unsettled,
        "waiting": complete and stored.is_unsettled,
        "start_name": names[start] if names else "",
        "imperial": bool(options.get("imperial_tasks")),
        "reveals": [
            {"k": k, "name": name, "value": data.get(f"reveal-{k}", "")}
            for k, name in enumerate(reveal_order)
        ],
        # The page opens on the round's scores per seat (the paper sheet), card by card
        # one tap away; imperial tasks need the sets.
        "quick": bool(data.get("quick")) if data else not options.get("imperial_tasks"),
        "override": False,
        "task_choices": FORM.task_choices(),
        "form_token": new_form_token(request),
        "preview": preview,
        "slots": slots,
        "conflict": conflict,
        "posted": [(key, value) for key, value in data.items() if key.startswith(POSTED_FIELDS)],
        **entry_urls(request, table),
        **roles(request.user, table),
    }


def glory_entry(request, table_id: int):
    if request.GET.get("override") or request.POST.get("override"):
        return glory_override(request, table_id)
    if request.method == "POST" and posted_round(request.POST) is None:
        # A page from before rounds were named: what it entered cannot be placed.
        messages.error(request, _("This page was out of date: here it is again."))
        return redirect("scoring-glory", table_id=table_id)
    return entry_page(
        request,
        table_id,
        KIND,
        "scoring/glory_entry.html",
        entry_from_post,
        page_context,
        next_round_page,
    )


def next_round_page(request, table, entered) -> str | None:
    """After a round of a game in progress: the next round's entry, with the running
    totals above it (a whole game without going back to the table)."""
    if not entered.submission.is_in_progress:
        return None
    if getattr(request, "slip", None) is not None:
        return request.slip_url
    return reverse("scoring-glory", args=[table.pk])


@require_POST
def glory_preview(request, table_id: int):
    table = access_entry_table(request, table_id)
    preview = preview_of(table, rounds_for_preview(table, request.POST))
    slots = error_slots(table.seats.count(), preview.get("error"))
    return render(
        request,
        "scoring/_glory_preview.html",
        {"preview": preview, "slots": slots, "oob": True},
    )
