"""The fast desk's writes (``room``'s scorekeeper page): a table's whole result typed at
the desk, saved at once as an organiser's confirmed entry, and a players' entry waiting
at the table confirmed from the desk. Both are audited as the desk's, with who did it,
and name what they were based on: the entry the desk showed ("" for none), so a table
entered by its players meanwhile is shown to confirm, never overwritten. The result is
written by ``record_official`` (``tournaments.results``), as every other."""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from scoring import audit, summaries
from scoring.entries import rules_version, score
from scoring.models import Submission
from scoring.submissions import (
    Status,
    check_basis,
    check_no_site_game,
    current_entry,
    locked_table,
    record_official,
    supersede_agreed,
)
from tournaments.finishing import check_not_finished
from tournaments.models import Result, Table
from tournaments.permissions import can_keep_score


def check_scorekeeper(by, table: Table) -> None:
    if not can_keep_score(by, table.round.event):
        raise PermissionDenied(_("Only an organiser or a scorekeeper enters results at the desk."))
    check_not_finished(table.round.event)
    if table.round.draft or table.is_bye:
        raise Refusal(_("This table is not played: there is nothing to enter."), code=CONFLICT)


def check_no_result(table: Table) -> None:
    if Result.objects.filter(table=table).exists():
        raise Refusal(
            _("Table %(n)s has its result already; a judge or an organiser overrides it.")
            % {"n": table.number},
            code=CONFLICT,
        )


def do_desk_entry(table: Table, kind: str, entry, by, basis: str = "") -> Submission:
    """Save the whole result typed at the desk as an organiser's confirmed entry. A table
    with an entry under way (its players') is refused: the desk shows it to confirm."""
    check_scorekeeper(by, table)
    document, answer = score(table, kind, entry)
    if not answer.get("complete", True):
        raise Refusal(_("Enter the whole game at the desk."), field="entry")
    with transaction.atomic():
        table = locked_table(table.pk)
        check_no_result(table)
        check_no_site_game(table)
        check_basis(current_entry(table), basis)
        submission = Submission.objects.create(
            table=table,
            kind=kind,
            entry=document,
            answer=answer,
            submitted_by=by,
            status=Status.CONFIRMED,
            decided_at=timezone.now(),
            rules_version=rules_version(table, kind, document),
            round_authors=[by.pk] * len(document.get("rounds", [])),
        )
        record_official(submission, by, source=Result.Source.ORGANISER)
        audit.log(table, by, "desk entry", after=summaries.summary_of_submission(submission))
    return submission


def do_desk_confirm(table: Table, by, basis: str) -> Submission:
    """Confirm at the desk the complete entry waiting at the table (its players', not
    disputed: a dispute is a judge's), the one the desk showed (``basis``)."""
    check_scorekeeper(by, table)
    with transaction.atomic():
        table = locked_table(table.pk)
        check_no_result(table)
        submission = current_entry(table)
        check_basis(submission, basis)
        if submission is None or submission.status != Status.PENDING:
            raise Refusal(
                _("Only an entry waiting for confirmation is confirmed at the desk."),
                code=CONFLICT,
            )
        before = summaries.summary_of_submission(submission)
        supersede_agreed(table, but=submission)
        submission.status = Status.CONFIRMED
        submission.decided_at = timezone.now()
        submission.revision += 1
        submission.save(update_fields=["status", "decided_at", "revision"])
        record_official(submission, by, source=Result.Source.ORGANISER)
        audit.log(
            table,
            by,
            "desk confirmed",
            before=before,
            after=summaries.summary_of_submission(submission),
        )
    return submission
