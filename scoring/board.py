"""What scoring adds to the round status board: a table's result submitted and waiting,
disputed, or confirmed so far (a Call to Glory table between rounds)."""

from django.utils.translation import gettext as _

from scoring.models import Submission
from tournaments.board import RECORDED, TableStatus

Status = Submission.Status

LABELS = {
    Status.PENDING: ("submitted", _("submitted, waiting for confirmation")),
    Status.DISPUTED: ("disputed", _("disputed")),
    Status.CONFIRMED: ("confirmed", _("confirmed so far")),
    Status.OVERRIDDEN: ("confirmed", _("entered by an organiser so far")),
}


def submission_statuses(round_, statuses: dict) -> None:
    """Open submissions win over everything; an agreed one shows while no result is
    recorded yet (a game still in progress)."""
    rows = Submission.objects.filter(
        table__round=round_,
        status__in=[*Submission.OPEN, Status.CONFIRMED, Status.OVERRIDDEN],
    ).values_list("table_id", "status")
    for table_id, status in rows:
        current = statuses.get(table_id)
        if current is None:
            continue
        if status in Submission.OPEN or current.key != RECORDED:
            key, label = LABELS[status]
            statuses[table_id] = TableStatus(key, str(label))
