"""What the audit log records of an entry or a table's result, before and after a
change: its status, scores and places (``scoring.audit.log`` stores them)."""

from scoring.entries import seat_scores
from scoring.models import Submission
from tournaments.models import Result, Table


def summary_of_submission(submission: Submission | None) -> dict | None:
    if submission is None:
        return None
    return {
        "submission": submission.pk,
        "status": submission.status,
        "scores": [score for score, _ in seat_scores(submission.kind, submission.answer)],
        "places": [place for _, place in seat_scores(submission.kind, submission.answer)],
        "complete": submission.is_complete,
        "rounds": submission.rounds_entered,
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
