"""The table page: who sits there, where the result stands (a game in progress, an
entry waiting for someone, the official result), and the one-tap actions (confirm,
dispute, settle, take back a round, upload a digital record)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lib.refusal import attempted
from lib.refusal_pages import back_to, carried_out, form_page
from scoring.audit import in_words
from scoring.deciding import do_confirm_result, do_dispute_result, do_resolve_dispute
from scoring.entering import do_submit_result, do_take_back_round
from scoring.entries import game_of, seat_names, seat_scores
from scoring.forms import DisputeForm, RecordForm, SettleForm
from scoring.models import AuditEntry, Submission
from scoring.submissions import players_to_confirm, site_game_under_way, waits_for_organiser
from scoring.table_changes import table_stamp
from scoring.views.common import (
    access_table,
    access_table_to_write,
    consume_form_token,
    new_form_token,
    roles,
)
from scoring.views.details import details_of
from scoring.views.entry import entry_url
from tournaments.permissions import can_settle_table

Status = Submission.Status


def waiting_for(submission: Submission) -> list[str]:
    """The names of the players who have still to confirm."""
    answered = set(submission.confirmations.values_list("user_id", flat=True))
    waiting = players_to_confirm(submission) - answered
    return [
        seat.entrant.name
        for seat in submission.table.seats.select_related("entrant")
        if seat.entrant.user_id in waiting
    ]


def score_rows(table, submission: Submission | None) -> list[dict]:
    if submission is None:
        return []
    return [
        {"name": name, "score": score, "place": place}
        for name, (score, place) in zip(
            seat_names(table), seat_scores(submission.kind, submission.answer), strict=False
        )
    ]


def may_decide(user, submission: Submission | None, is_organiser: bool) -> bool:
    """Whether ``user`` is asked to confirm (or dispute) the open entry now."""
    if not (submission and submission.is_pending and user.is_authenticated):
        return False
    if submission.submitted_by_id == user.pk:
        return False
    if submission.confirmations.filter(user=user).exists():
        return False
    if waits_for_organiser(submission):
        return is_organiser
    return user.pk in players_to_confirm(submission)


def in_progress_context(table, submission: Submission | None) -> dict:
    """The game in progress: its rounds so far, the round to enter next and who starts."""
    if submission is None:
        return {}
    answer = submission.answer
    names = seat_names(table)
    next_start = answer.get("next_start")
    return {
        "rows": score_rows(table, submission),
        "rounds": submission.rounds_entered,
        "next_round": submission.rounds_entered + 1,
        "rounds_total": table.round.event.game_type.rounds(table.round.event.rules_options),
        "next_start": names[next_start] if isinstance(next_start, int) else "",
    }


def standing(table) -> tuple:
    """The table's open entry, the one in progress and the latest agreed (each None
    when there is none), read at once: a table has at most one unsettled entry."""
    agreed = (Status.CONFIRMED, Status.OVERRIDDEN)
    shown = [*Submission.UNSETTLED, *agreed]
    rows = list(table.submissions.filter(status__in=shown).order_by("-created_at", "-pk"))

    def first(statuses):
        return next((row for row in rows if row.status in statuses), None)

    return first(Submission.OPEN), first([Status.IN_PROGRESS]), first(agreed)


def seats_of(table) -> list:
    """Who sits at the table, with their entrants and users: as read with the table
    (``access_table(..., seats=True)``), else in one query."""
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        return list(table.seats.all())
    return list(table.seats.select_related("entrant__user"))


def table_context(request, table, record_form=None, record_error=None) -> dict:
    stamp = table_stamp(table)  # read with the table, before what it stamps
    open_, playing, agreed = standing(table)
    result = getattr(table, "result", None)  # read with the table (``access_table``)
    context = roles(request.user, table)
    game = game_of(table)
    context.update(
        {
            "table": table,
            "stamp": stamp,
            "event": table.round.event,
            "seats": seats_of(table),
            "open": open_,
            "playing": playing,
            "progress": in_progress_context(table, playing),
            "waiting_for": waiting_for(open_) if open_ else [],
            "waits_for_organiser": bool(open_) and waits_for_organiser(open_),
            "disputes": open_.confirmations.filter(decision="dispute") if open_ else [],
            "agreed": agreed,
            "open_rows": score_rows(table, open_),
            "agreed_rows": score_rows(table, agreed),
            "open_details": details_of(table, open_),
            # Shown open to whoever is asked to decide on it: a confirmer, an organiser.
            "details_open": context["is_organiser"]
            or may_decide(request.user, open_, context["is_organiser"]),
            "playing_details": details_of(table, playing),
            "agreed_details": details_of(table, agreed) if result else {},
            "site_game": site_game_under_way(table),
            "result": result,
            "result_seats": result.seats.select_related("entrant") if result else [],
            "may_decide": may_decide(request.user, open_, context["is_organiser"]),
            "entry_url": entry_url(table) if game.entry else "",
            "takes_records": game.record_kind is not None,
            "has_scores": game.has_scores,
            "dispute_form": DisputeForm(),
            "settle_form": SettleForm(),
            "record_form": record_form or RecordForm(),
            "record_error": record_error,
            "form_token": new_form_token(request)
            if context["is_player"] or context["is_organiser"]
            else "",
            "audit": in_words(AuditEntry.objects.filter(table=table).select_related("actor"))
            if context["is_organiser"]
            else [],
        }
    )
    return context


def table_page(request, table_id: int):
    table = access_table(request.user, table_id, seats=True)
    return render(request, "scoring/table.html", table_context(request, table))


def submission_of(table, request) -> Submission:
    return get_object_or_404(table.submissions, pk=request.POST.get("submission"))


def act(request, table, action, *args, success: str, done=True):
    """Run one action once per form token, based on the entry the page showed (its
    ``basis``). Back to the table page, or to the results desk when the form came from
    there; a refusal is shown there as a message, with its status (``back_to``). A form
    sent again (its token spent) goes back: the first sending did it. ``done`` false: the
    view refused the form itself (its message is queued), nothing is run."""
    if request.POST.get("back") == "desk":
        back = ("scoring-desk", table.round.event.slug)
    else:
        back = ("scoring-table", table.pk)
    if done and consume_form_token(request):
        done = carried_out(request, action, *args, basis=request.POST.get("basis"))
        if done:
            messages.success(request, success)
    return back_to(request, done, *back)


@require_POST
def confirm(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    submission = submission_of(table, request)
    return act(request, table, do_confirm_result, submission, request.user, success=_("Confirmed."))


@require_POST
def take_back(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    return act(
        request,
        table,
        do_take_back_round,
        table,
        request.user,
        success=_("The last round is taken back: enter it again."),
    )


@require_POST
def dispute(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    submission = submission_of(table, request)
    comment = request.POST.get("comment", "")
    return act(
        request,
        table,
        do_dispute_result,
        submission,
        request.user,
        comment,
        success=_("Disputed: an organiser will settle it."),
    )


@require_POST
def settle(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    if not can_settle_table(request.user, table):
        raise PermissionDenied  # before the form is read: no hint of what it wants
    submission = submission_of(table, request)
    form = SettleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose accept or reject and give a reason."))
    data = form.cleaned_data if form.is_valid() else {}
    return act(
        request,
        table,
        do_resolve_dispute,
        submission,
        request.user,
        data.get("accept"),
        data.get("reason"),
        success=_("Settled."),
        done=form.is_valid(),
    )


@require_POST
def upload_record(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    form = RecordForm(request.POST, request.FILES)
    if not form.is_valid():
        context = table_context(request, table, form)
        return form_page(request, "scoring/table.html", context, form=form)
    if not consume_form_token(request):
        return redirect("scoring-table", table_id=table.pk)
    record_kind = game_of(table).record_kind
    kind = record_kind.key if record_kind else ""
    entered = attempted(do_submit_result, table, kind, form.cleaned_data["record"], request.user)
    if entered.refusal is not None:
        error = entered.refusal.error
        context = table_context(request, table, form, error)
        return form_page(request, "scoring/table.html", context, entered, form=form)
    messages.success(request, _("The record is entered: the other players confirm it now."))
    return redirect("scoring-table", table_id=table.pk)
