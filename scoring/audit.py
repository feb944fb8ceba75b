"""The audit log of results: every change, who made it, from what, to what, and why."""

from scoring.models import AuditEntry, Submission
from tournaments.models import Result, Table


def summary_of_submission(submission: Submission | None) -> dict | None:
    if submission is None:
        return None
    from scoring.entries import seat_scores

    return {
        "submission": submission.pk,
        "status": submission.status,
        "scores": [score for score, _ in seat_scores(submission.answer)],
        "places": [place for _, place in seat_scores(submission.answer)],
        "complete": submission.is_complete,
    }


def summary_of_result(table: Table) -> dict | None:
    result = Result.objects.filter(table=table).first()
    if result is None:
        return None
    seats = list(result.seats.order_by("position"))
    return {
        "source": result.source,
        "scores": [seat.score for seat in seats],
        "places": [seat.place for seat in seats],
    }


def log(table: Table, actor, action: str, before=None, after=None, reason: str = ""):
    return AuditEntry.objects.create(
        event=table.round.event,
        table=table,
        actor=actor,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )


def log_event(event, actor, action: str, before=None, after=None, reason: str = ""):
    """A change to the whole event (its rules profile or card catalogue), at no table."""
    return AuditEntry.objects.create(
        event=event, actor=actor, action=action, before=before, after=after, reason=reason
    )
