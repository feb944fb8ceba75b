"""The audit log of results: every change, who made it, from what, to what, and why."""

from django.utils.translation import gettext_lazy as _

from scoring.models import AuditEntry, Submission
from tournaments.models import Result, Table

ACTION_LABELS = {
    "submitted": _("entered the result"),
    "entered rounds": _("entered rounds of the game in progress"),
    "submitted with the slip": _("entered the result with the table's slip"),
    "entered rounds with the slip": _("entered rounds with the table's slip"),
    "took back a round": _("took back a round"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed"),
    "accepted": _("accepted the entry"),
    "rejected": _("rejected the entry"),
    "overridden": _("overrode the result"),
    "rescored": _("scored again with new rules"),
    "catalogue imported": _("imported the card catalogue"),
    # Written by play (its site games at event tables).
    "decided by a forfeit": _("started the site game whose result came from a forfeit"),
    "replayed": _("replayed the abandoned table on the site"),
    "voided": _("voided the abandoned table: it counts for nobody"),
}


def action_label(action: str) -> str:
    """The audit action in words (an unknown key is shown as it is)."""
    return str(ACTION_LABELS.get(action, action))


def status_label(summary: dict | None) -> str:
    status = (summary or {}).get("status")
    if status in Submission.Status.values:
        return str(Submission.Status(status).label)
    return str(Result.Source(summary["source"]).label) if (summary or {}).get("source") else ""


def in_words(entries) -> list[AuditEntry]:
    """The entries with their action and statuses in words, for pages."""
    entries = list(entries)
    for entry in entries:
        entry.label = action_label(entry.action)
        entry.before_label = status_label(entry.before)
        entry.after_label = status_label(entry.after)
    return entries


def summary_of_submission(submission: Submission | None) -> dict | None:
    if submission is None:
        return None
    from scoring.entries import seat_scores

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
