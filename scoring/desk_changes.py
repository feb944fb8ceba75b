"""What moves the results desk on (``scoring.views.desk``): every write of scoring and
play about a table is written to the event's audit log, and a result is written or
removed. The desk's stamp is the newest audit entry and the event's results; every
audit entry is announced on the event's channel once it commits (a ``post_save``
receiver, connected in ``ScoringConfig.ready``), so the desk's push stream
(``scoring.views.push``) wakes."""

from django.db.models import Count, Max

from scoring.models import AuditEntry
from tournaments import live
from tournaments.models import Result


def desk_stamp(event_id: int) -> str:
    audited = AuditEntry.objects.filter(event_id=event_id).aggregate(latest=Max("pk"))
    results = Result.objects.filter(table__round__event_id=event_id).aggregate(
        count=Count("pk"), latest=Max("recorded_at")
    )
    latest = results["latest"].timestamp() if results["latest"] else 0
    return f"{audited['latest'] or 0}-{results['count']}-{latest:.6f}"


def when_audited(instance: AuditEntry, created: bool, **_signal) -> None:
    if created:
        live.announce_change(instance.event_id)
