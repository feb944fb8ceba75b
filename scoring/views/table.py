"""The table page: who sits there, where the result stands, and the one-tap actions
(confirm, dispute, settle, upload a digital record)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.entries import EntryRefused, kinds_for, seat_names, seat_scores
from scoring.forms import DisputeForm, RecordForm, SettleForm
from scoring.models import AuditEntry, Submission
from scoring.submissions import (
    ActionRefused,
    SubmissionConflict,
    do_confirm_result,
    do_dispute_result,
    do_resolve_dispute,
    do_submit_result,
    latest_agreed,
    players_to_confirm,
)
from scoring.views.common import (
    access_table,
    access_table_to_write,
    consume_form_token,
    new_form_token,
    roles,
)
from tournaments.models import Result

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
            seat_names(table), seat_scores(submission.answer), strict=False
        )
    ]


def may_decide(user, submission: Submission | None) -> bool:
    return bool(
        submission
        and submission.status == Status.PENDING
        and user.is_authenticated
        and submission.submitted_by_id != user.pk
        and user.pk in players_to_confirm(submission)
        and not submission.confirmations.filter(user=user).exists()
    )


def table_context(request, table, record_form=None, record_error=None) -> dict:
    open_ = table.submissions.filter(status__in=Submission.OPEN).first()
    agreed = latest_agreed(table)
    result = Result.objects.filter(table=table).first()
    context = roles(request.user, table)
    kinds = kinds_for(table)
    context.update(
        {
            "table": table,
            "event": table.round.event,
            "seats": table.seats.select_related("entrant"),
            "open": open_,
            "waiting_for": waiting_for(open_) if open_ else [],
            "disputes": open_.confirmations.filter(decision="dispute") if open_ else [],
            "agreed": agreed,
            "open_rows": score_rows(table, open_),
            "agreed_rows": score_rows(table, agreed),
            "result": result,
            "result_seats": result.seats.select_related("entrant") if result else [],
            "may_decide": may_decide(request.user, open_),
            "entry_url": "scoring-adventure"
            if Submission.Kind.ADVENTURE in kinds
            else "scoring-glory",
            "takes_records": Submission.Kind.GLORY_RECORD in kinds,
            "dispute_form": DisputeForm(),
            "settle_form": SettleForm(),
            "record_form": record_form or RecordForm(),
            "record_error": record_error,
            "form_token": new_form_token(request)
            if context["is_player"] or context["is_organiser"]
            else "",
            "audit": AuditEntry.objects.filter(table=table).select_related("actor")
            if context["is_organiser"]
            else [],
        }
    )
    return context


def table_page(request, table_id: int):
    table = access_table(request.user, table_id)
    return render(request, "scoring/table.html", table_context(request, table))


def submission_of(table, request) -> Submission:
    return get_object_or_404(table.submissions, pk=request.POST.get("submission"))


def act(request, table, action, success: str):
    """Run one action once per form token; a refusal is shown as a message."""
    if consume_form_token(request):
        try:
            action()
        except (ActionRefused, SubmissionConflict) as refused:
            messages.error(request, str(refused))
        else:
            messages.success(request, success)
    return redirect("scoring-table", table_id=table.pk)


@require_POST
def confirm(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    submission = submission_of(table, request)
    return act(request, table, lambda: do_confirm_result(submission, request.user), _("Confirmed."))


@require_POST
def dispute(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    submission = submission_of(table, request)
    comment = request.POST.get("comment", "")
    return act(
        request,
        table,
        lambda: do_dispute_result(submission, request.user, comment),
        _("Disputed: an organiser will settle it."),
    )


@require_POST
def settle(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    submission = submission_of(table, request)
    form = SettleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose accept or reject and give a reason."))
        return redirect("scoring-table", table_id=table.pk)
    accept, reason = form.cleaned_data["accept"], form.cleaned_data["reason"]
    return act(
        request,
        table,
        lambda: do_resolve_dispute(submission, request.user, accept, reason),
        _("Settled."),
    )


@require_POST
def upload_record(request, table_id: int):
    table = access_table_to_write(request.user, table_id)
    form = RecordForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "scoring/table.html", table_context(request, table, form))
    if not consume_form_token(request):
        return redirect("scoring-table", table_id=table.pk)
    try:
        do_submit_result(
            table, Submission.Kind.GLORY_RECORD, form.cleaned_data["record"], request.user
        )
    except EntryRefused as refused:
        return render(
            request, "scoring/table.html", table_context(request, table, form, refused.error)
        )
    except (SubmissionConflict, ActionRefused) as refused:
        return render(
            request,
            "scoring/table.html",
            table_context(request, table, form, {"reason": str(refused)}),
        )
    messages.success(request, _("The record is entered: the other players confirm it now."))
    return redirect("scoring-table", table_id=table.pk)
