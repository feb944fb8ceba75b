"""The result workflow of a table, as service functions (``do_*`` change state in one
transaction; the official result goes through ``tournaments.results``).

submit → the other players confirm (→ confirmed, and recorded when the game is complete)
       → or one disputes (→ disputed) → an organiser accepts or rejects it;
an organiser may also override any table with a reason.
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import audit
from scoring.entries import rules_version, score, seat_scores
from scoring.models import Confirmation, Submission
from tournaments.finishing import check_not_finished
from tournaments.models import Result, Table
from tournaments.permissions import is_event_organiser, is_player_of_table
from tournaments.results import SeatOutcome, do_record_result

Status = Submission.Status


class SubmissionConflict(Exception):
    """Another result for this table is already waiting: answered with 409."""


class ActionRefused(Exception):
    """The action does not fit the submission's state (confirming a disputed entry,
    confirming one's own): answered with 409 and the reason."""


def check_may_submit(user, table: Table) -> None:
    if not (is_player_of_table(user, table) or is_event_organiser(user, table.round.event)):
        raise PermissionDenied(_("Only the players of this table or an organiser may do that."))
    check_event_open(table)


def check_event_open(table: Table) -> None:
    try:
        check_not_finished(table.round.event)
    except ValidationError as error:
        raise ActionRefused(error.messages[0]) from None


def check_may_decide(user, submission: Submission) -> None:
    if not is_player_of_table(user, submission.table):
        raise PermissionDenied(_("Only the players of this table may confirm or dispute."))
    if submission.submitted_by_id == user.pk:
        raise ActionRefused(_("You entered this result; the other players confirm it."))
    if submission.status != Status.PENDING:
        raise ActionRefused(
            _("This result is %(status)s.") % {"status": submission.get_status_display()}
        )
    if submission.confirmations.filter(user=user).exists():
        raise ActionRefused(_("You have already answered for this result."))
    check_event_open(submission.table)


def check_organiser(user, table: Table) -> None:
    if not is_event_organiser(user, table.round.event):
        raise PermissionDenied(_("Only an organiser of the event may do that."))
    check_event_open(table)


def players_to_confirm(submission: Submission) -> set[int]:
    """The users seated at the table, other than whoever submitted."""
    users = submission.table.seats.exclude(entrant__user=None).values_list(
        "entrant__user_id", flat=True
    )
    return set(users) - {submission.submitted_by_id}


def record_official(submission: Submission, by, source: str) -> Result | None:
    """Make a complete submission the table's official result; an unfinished game (a
    Call to Glory table between rounds) is kept as agreed so far."""
    if not submission.is_complete:
        return None
    outcomes = [
        SeatOutcome(position=position, score=score_, place=place)
        for position, (score_, place) in enumerate(seat_scores(submission.answer))
    ]
    detail = {
        "kind": submission.kind,
        "entry": submission.entry,
        "answer": submission.answer,
        "submission": submission.pk,
    }
    if submission.kind == Submission.Kind.GLORY_RECORD:
        detail["record"] = submission.entry
    try:
        return do_record_result(
            submission.table,
            outcomes,
            source=source,
            by=by,
            detail=detail,
            rules_version=submission.rules_version,
        )
    except ValidationError as error:  # the event was finished since the first check
        raise ActionRefused(error.messages[0]) from None


def locked_table(table: Table) -> Table:
    """Take the table's row lock so that concurrent writes to one table queue up."""
    return Table.objects.select_for_update().select_related("round__event").get(pk=table.pk)


def do_submit_result(table: Table, kind: str, entry, by) -> Submission:
    check_may_submit(by, table)
    document, answer = score(table, kind, entry)
    try:
        with transaction.atomic():
            table = locked_table(table)
            if Submission.objects.filter(table=table, status__in=Submission.OPEN).exists():
                raise SubmissionConflict(
                    _("A result for this table is already waiting for confirmation.")
                )
            submission = Submission.objects.create(
                table=table,
                kind=kind,
                entry=document,
                answer=answer,
                submitted_by=by,
                rules_version=rules_version(table, kind, document),
            )
            audit.log(table, by, "submitted", after=audit.summary_of_submission(submission))
            if not players_to_confirm(submission):
                finish_confirmed(submission, by)
    except IntegrityError:
        raise SubmissionConflict(
            _("A result for this table is already waiting for confirmation.")
        ) from None
    return submission


def supersede_agreed(table: Table, but: Submission) -> None:
    """An agreed entry replaces the earlier agreed ones (a Call to Glory table is
    entered again after each round, with all its rounds)."""
    Submission.objects.filter(
        table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN]
    ).exclude(pk=but.pk).update(status=Status.SUPERSEDED)


def latest_agreed(table: Table) -> Submission | None:
    return (
        Submission.objects.filter(table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN])
        .order_by("-created_at", "-pk")
        .first()
    )


def finish_confirmed(submission: Submission, by) -> None:
    supersede_agreed(submission.table, but=submission)
    submission.status = Status.CONFIRMED
    submission.decided_at = timezone.now()
    submission.save(update_fields=["status", "decided_at"])
    source = (
        Result.Source.RECORD
        if submission.kind == Submission.Kind.GLORY_RECORD
        else Result.Source.PLAYERS
    )
    record_official(submission, by, source=source)


@transaction.atomic
def do_confirm_result(submission: Submission, by) -> Submission:
    locked_table(submission.table)
    submission.refresh_from_db()
    check_may_decide(by, submission)
    Confirmation.objects.create(submission=submission, user=by, decision="confirm")
    audit.log(submission.table, by, "confirmed", after=audit.summary_of_submission(submission))
    confirmed = set(
        submission.confirmations.filter(decision="confirm").values_list("user_id", flat=True)
    )
    if players_to_confirm(submission) <= confirmed:
        finish_confirmed(submission, by)
    return submission


@transaction.atomic
def do_dispute_result(submission: Submission, by, comment: str) -> Submission:
    locked_table(submission.table)
    submission.refresh_from_db()
    check_may_decide(by, submission)
    if not comment.strip():
        raise ActionRefused(_("Say what is wrong, so the organiser can settle it."))
    Confirmation.objects.create(submission=submission, user=by, decision="dispute", comment=comment)
    submission.status = Status.DISPUTED
    submission.save(update_fields=["status"])
    audit.log(
        submission.table,
        by,
        "disputed",
        before=audit.summary_of_submission(submission),
        reason=comment,
    )
    return submission


@transaction.atomic
def do_resolve_dispute(submission: Submission, by, accept: bool, reason: str) -> Submission:
    """An organiser settles an open submission: accepted, it is the result; rejected,
    the table waits for a new entry."""
    check_organiser(by, submission.table)
    locked_table(submission.table)
    submission.refresh_from_db()
    if submission.status not in Submission.OPEN:
        raise ActionRefused(_("Only a waiting or disputed result can be settled."))
    if not reason.strip():
        raise ActionRefused(_("Give a reason: the players will see it."))
    before = audit.summary_of_submission(submission)
    if accept:
        submission.status = Status.CONFIRMED
        submission.decided_at = timezone.now()
        submission.save(update_fields=["status", "decided_at"])
        supersede_agreed(submission.table, but=submission)
        record_official(submission, by, source=Result.Source.ORGANISER)
    else:
        submission.status = Status.REJECTED
        submission.decided_at = timezone.now()
        submission.save(update_fields=["status", "decided_at"])
    audit.log(
        submission.table,
        by,
        "accepted" if accept else "rejected",
        before=before,
        after=audit.summary_of_submission(submission),
        reason=reason,
    )
    return submission


def do_override_result(table: Table, kind: str, entry, by, reason: str) -> Submission:
    """An organiser enters or replaces the result of a table, with a reason."""
    check_organiser(by, table)
    if not reason.strip():
        raise ActionRefused(_("Give a reason for overriding the result."))
    document, answer = score(table, kind, entry)
    with transaction.atomic():
        table = locked_table(table)
        before = audit.summary_of_result(table)
        Submission.objects.filter(
            table=table, status__in=[*Submission.OPEN, Status.CONFIRMED, Status.OVERRIDDEN]
        ).update(status=Status.SUPERSEDED)
        submission = Submission.objects.create(
            table=table,
            kind=kind,
            entry=document,
            answer=answer,
            submitted_by=by,
            status=Status.OVERRIDDEN,
            decided_at=timezone.now(),
            rules_version=rules_version(table, kind, document),
        )
        record_official(submission, by, source=Result.Source.ORGANISER)
        audit.log(
            table,
            by,
            "overridden",
            before=before,
            after=audit.summary_of_submission(submission),
            reason=reason,
        )
    return submission
