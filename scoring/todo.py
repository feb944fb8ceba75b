"""What scoring adds to a person's list of what needs them (``tournaments.todo``): an
entry to confirm, a dispute raised about their table, and for an organiser the disputes
to settle and the entries no other player at the table can confirm."""

from django.db import connection
from django.db.models import Exists, IntegerField, OuterRef
from django.utils.translation import gettext as _

from scoring.models import Confirmation, Submission
from scoring.submissions import waits_for_organiser
from tournaments.todo import Action, Todo, table_url, with_events

Status = Submission.Status


def where(submission: Submission) -> dict:
    table = submission.table
    return {"event": table.round.event.name, "round": table.round.number, "table": table.number}


def item(action: str, text: str, submission: Submission) -> Todo:
    table = submission.table
    return Todo(action, text, table_url(table), table.round.event, table.round.number, table)


def reader_open_entries(reader) -> dict:
    """The event page's annotation (``tournaments.event_cache.register_page_annotation``):
    how many open entries there are at the reader's tables, so that the page looks for
    none when there are none (as when the pairings are released)."""
    if reader is None:
        return {}
    submissions = connection.ops.quote_name(Submission._meta.db_table)
    sql = (
        f"SELECT COUNT(*) FROM {submissions} sub JOIN {{seat}} s ON s.table_id = sub.table_id"
        " WHERE s.entrant_id = {entry} AND sub.status IN (%s, %s)"
    )
    return {"reader_open_entries": (sql, [reader.pk, *Submission.OPEN], IntegerField())}


def scoring_todo(user, events, organised) -> list[Todo]:
    def unsettled():
        return Submission.objects.filter(
            table__round__event__in=events, status__in=Submission.OPEN
        ).select_related("table__round", "submitted_by")  # the events are known: not joined

    # One read of the open entries at the person's tables, with whether they answered.
    answered = Confirmation.objects.filter(submission=OuterRef("pk"), user=user)
    mine = []
    if any(getattr(event, "reader_open_entries", None) != 0 for event in events):
        mine = with_events(
            unsettled()
            .filter(table__seats__entrant__user=user)
            .annotate(answered=Exists(answered)),
            events,
        )
    items = []
    to_confirm = [
        s
        for s in mine
        if s.status == Status.PENDING and s.submitted_by_id != user.pk and not s.answered
    ]
    for submission in to_confirm:
        text = _(
            "%(event)s, round %(round)s, table %(table)s: %(who)s entered the result; "
            "confirm it or dispute it."
        ) % {**where(submission), "who": submission.submitted_by}
        items.append(item(Action.CONFIRM, text, submission))
    for submission in (s for s in mine if s.status == Status.DISPUTED):
        text = _(
            "%(event)s, round %(round)s, table %(table)s: the result is disputed; an "
            "organiser settles it."
        ) % where(submission)
        items.append(item(Action.DISPUTE_RAISED, text, submission))
    if organised:
        theirs = with_events(unsettled().filter(table__round__event__in=organised), events)
        for submission in (s for s in theirs if s.status == Status.DISPUTED):
            text = _("%(event)s, round %(round)s, table %(table)s: settle the dispute.") % where(
                submission
            )
            items.append(item(Action.SETTLE, text, submission))
        for submission in (s for s in theirs if s.status == Status.PENDING):
            if waits_for_organiser(submission) and submission.submitted_by_id != user.pk:
                text = _(
                    "%(event)s, round %(round)s, table %(table)s: confirm the result (no other "
                    "player there has an account)."
                ) % where(submission)
                items.append(item(Action.CONFIRM_FOR_TABLE, text, submission))
    return items
