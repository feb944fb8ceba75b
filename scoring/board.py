"""What scoring adds to the round status board: a game in progress (a Call to Glory
table between rounds), a result entered and waiting, or disputed."""

from django.db.models import Count, Max
from django.utils.translation import gettext_lazy as _

from scoring.models import Submission
from tournaments.board import RECORDED, TableStatus

Status = Submission.Status

LABELS: dict[str, tuple[str, object]] = {
    Status.IN_PROGRESS: ("in-progress", _("game in progress")),
    Status.PENDING: ("submitted", _("submitted, waiting for confirmation")),
    Status.DISPUTED: ("disputed", _("disputed")),
    Status.CONFIRMED: ("confirmed", _("confirmed so far")),
    Status.OVERRIDDEN: ("confirmed", _("entered by an organiser so far")),
}
TONES: dict[str, str] = {
    Status.DISPUTED: "error"
}  # the others wait (a table's result is not recorded)


def submission_statuses(round_, statuses: dict) -> None:
    """Unsettled entries win over everything; an agreed one shows while no result is
    recorded yet."""
    rows = Submission.objects.filter(
        table__round=round_,
        status__in=[*Submission.UNSETTLED, Status.CONFIRMED, Status.OVERRIDDEN],
    ).values_list("table_id", "status")
    for table_id, status in rows:
        current = statuses.get(table_id)
        if current is None:
            continue
        if status in Submission.UNSETTLED or current.key != RECORDED:
            key, label = LABELS[status]
            statuses[table_id] = TableStatus(key, str(label), TONES.get(status, "warn"))


def submission_version(round_id: int):
    """The round's entries by status, the newest and the latest decided: any entry,
    confirmation, dispute or settlement changes one of them (rows of the round's
    version, ``tournaments.round_cache``)."""
    return (
        Submission.objects.filter(table__round_id=round_id)
        .values("status")
        .annotate(count=Count("pk"), newest=Max("pk"), decided=Max("decided_at"))
        .order_by("status")
        .values_list("status", "count", "newest", "decided")
    )
