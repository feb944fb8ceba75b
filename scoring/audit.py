"""The audit log of results: every change, who made it, from what, to what, and why."""

from lib.compiled import insert_row
from scoring.models import AuditEntry, Submission
from tournaments.models import Result, Table


def action_label(action: str) -> str:
    """The audit action in words (an unknown key is shown as it is)."""
    if action in AuditEntry.Action.values:
        return str(AuditEntry.Action(action).label)
    return action


def status_label(summary: dict | None) -> str:
    status = (summary or {}).get("status")
    if status in Submission.Status.values:
        return str(Submission.Status(status).label)
    source = (summary or {}).get("source")
    return str(Result.Source(source).label) if source else ""


def in_words(entries) -> list[AuditEntry]:
    """The entries with their action and statuses in words, for pages."""
    entries = list(entries)
    for entry in entries:
        entry.label = action_label(entry.action)
        entry.before_label = status_label(entry.before)
        entry.after_label = status_label(entry.after)
    return entries


def log(table: Table, actor, action: str, before=None, after=None, reason: str = ""):
    """Every write of a result logs here (a thousand in a round-end rush): its INSERT is
    built once (``lib.compiled.insert_row``)."""
    entry = AuditEntry(
        event=table.round.event,
        table=table,
        actor=actor,
        action=action,
        before=before,
        after=after,
        reason=reason,
    )
    insert_row(entry)
    return entry


def log_event(event, actor, action: str, before=None, after=None, reason: str = ""):
    """A change to the whole event (its rules profile or card catalogue), at no table."""
    return AuditEntry.objects.create(
        event=event, actor=actor, action=action, before=before, after=after, reason=reason
    )
