"""Deciding on an entry: the other players confirm it or dispute it, an organiser
accepts or rejects a disputed one, or overrides any table with a reason
(``do_*``, each in one transaction, naming the entry it was shown as its basis)."""

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.compiled import insert_row
from lib.refusal import CONFLICT, Refusal
from scoring import audit, notices, summaries
from scoring.entries import rules_version, score
from scoring.models import Confirmation, Submission
from scoring.signals import table_overridden
from scoring.submissions import (
    Status,
    answers_to,
    check_basis,
    check_may_decide,
    check_organiser,
    current_entry,
    finish_confirmed,
    fresh_submission,
    locked_table,
    players_to_confirm,
    record_official,
    supersede_agreed,
)
from tournaments.models import Result, Table


@transaction.atomic
def do_confirm_result(submission: Submission, by, basis=None) -> Submission:
    """``basis``: the entry's ``basis`` as the confirmer saw it (None: not named)."""
    submission = fresh_submission(submission)
    check_basis(submission, basis)
    answered = answers_to(submission)
    check_may_decide(by, submission, answered)
    insert_row(Confirmation(submission=submission, user=by, decision="confirm"))
    audit.log(submission.table, by, "confirmed", after=summaries.summary_of_submission(submission))
    confirmed = {user for user, decision in answered.items() if decision == "confirm"}
    if players_to_confirm(submission) <= confirmed | {by.pk}:
        finish_confirmed(submission, by)
    return submission


@transaction.atomic
def do_dispute_result(submission: Submission, by, comment: str, basis=None) -> Submission:
    submission = fresh_submission(submission)
    check_basis(submission, basis)
    check_may_decide(by, submission, answers_to(submission))
    if not comment.strip():
        raise Refusal(_("Say what is wrong, so the organiser can settle it."), field="comment")
    Confirmation.objects.create(submission=submission, user=by, decision="dispute", comment=comment)
    submission.status = Status.DISPUTED
    submission.revision += 1
    submission.save(update_fields=["status", "revision"])
    audit.log(
        submission.table,
        by,
        "disputed",
        before=summaries.summary_of_submission(submission),
        reason=comment,
    )
    notices.notify_dispute_raised(submission, by, comment)
    return submission


@transaction.atomic
def do_resolve_dispute(
    submission: Submission, by, accept: bool, reason: str, basis=None
) -> Submission:
    """An organiser settles an open submission: accepted, it is the result; rejected,
    the table waits for a new entry."""
    check_organiser(by, submission.table)
    locked_table(submission.table_id)
    submission.refresh_from_db()
    check_basis(submission, basis)
    if submission.status not in Submission.OPEN:
        raise Refusal(_("Only a waiting or disputed result can be settled."), code=CONFLICT)
    if not reason.strip():
        raise Refusal(_("Give a reason: the players will see it."), field="reason")
    before = summaries.summary_of_submission(submission)
    was_disputed = submission.status == Status.DISPUTED
    submission.status = Status.CONFIRMED if accept else Status.REJECTED
    submission.decided_at = timezone.now()
    submission.revision += 1
    submission.save(update_fields=["status", "decided_at", "revision"])
    if accept:
        supersede_agreed(submission.table, but=submission)
        record_official(submission, by, source=Result.Source.ORGANISER)
    audit.log(
        submission.table,
        by,
        "accepted" if accept else "rejected",
        before=before,
        after=summaries.summary_of_submission(submission),
        reason=reason,
    )
    if was_disputed:
        notices.notify_dispute_settled(submission, accept, reason)
    return submission


def do_override_result(table: Table, kind: str, entry, by, reason: str, basis=None) -> Submission:
    """An organiser enters or replaces the result of a table, with a reason: the whole
    game (every round, or game totals). ``basis``: the ``basis`` of the entry the
    organiser started from ("" for none; None: not named). A site game under way at
    the table ends abandoned (``signals.table_overridden``)."""
    check_organiser(by, table)
    if not reason.strip():
        raise Refusal(_("Give a reason for overriding the result."), field="reason")
    document, answer = score(table, kind, entry)
    if not answer.get("complete", True):
        raise Refusal(
            _("An override holds the whole game: enter every round, or the game totals."),
            field="entry",
        )
    with transaction.atomic():
        table = locked_table(table.pk)
        replaced = current_entry(table)
        check_basis(replaced, basis)
        before = summaries.summary_of_result(table) or summaries.summary_of_submission(replaced)
        table_overridden.send(sender=Table, table=table, by=by, reason=reason)
        Submission.objects.filter(
            table=table, status__in=[*Submission.UNSETTLED, Status.CONFIRMED, Status.OVERRIDDEN]
        ).update(status=Status.SUPERSEDED, revision=F("revision") + 1)
        submission = Submission.objects.create(
            table=table,
            kind=kind,
            entry=document,
            answer=answer,
            submitted_by=by,
            status=Status.OVERRIDDEN,
            decided_at=timezone.now(),
            rules_version=rules_version(table, kind, document),
            round_authors=[by.pk] * len(document.get("rounds", [])),
        )
        record_official(submission, by, source=Result.Source.ORGANISER)
        audit.log(
            table,
            by,
            "overridden",
            before=before,
            after=summaries.summary_of_submission(submission),
            reason=reason,
        )
    return submission
