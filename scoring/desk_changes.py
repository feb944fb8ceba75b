"""What moves the results desk on (``scoring.views.desk``): every write of scoring and
play about a table is written to the event's audit log, a result is written or
removed, a round is paired (its tables wait), and a table's site game is abandoned (it
waits for an organiser). The desk's stamp is the newest audit entry, the event's
results, its rounds' revisions and its abandoned games; every audit entry is announced
on the event's channel once it commits (a ``post_save`` receiver, connected in
``ScoringConfig.ready``), as are the others, so the desk's push stream
(``scoring.views.push``) wakes."""

from django.db import connection
from django.db.models import Count, IntegerField, Max, Sum

from scoring.models import AuditEntry
from tournaments import live
from tournaments.models import Result, Round, Table


def desk_stamp(event_id: int) -> str:
    audited = AuditEntry.objects.filter(event_id=event_id).aggregate(latest=Max("pk"))
    results = Result.objects.filter(table__round__event_id=event_id).aggregate(
        count=Count("pk"), latest=Max("recorded_at")
    )
    latest = results["latest"].timestamp() if results["latest"] else 0
    # A round paired, published, paired again or its seats swapped: new tables wait.
    rounds = Round.objects.filter(event_id=event_id).aggregate(
        newest=Max("pk"), revisions=Sum("revision")
    )
    paired = f"{rounds['newest'] or 0}.{rounds['revisions'] or 0}"
    # A site game at a table abandoned (play announces it): the table waits for an
    # organiser now.
    abandoned = Table.objects.filter(
        round__event_id=event_id, played_game__status="abandoned"
    ).count()
    return f"{audited['latest'] or 0}-{results['count']}-{latest:.6f}-{paired}-{abandoned}"


def when_audited(instance: AuditEntry, created: bool, **_signal) -> None:
    if created:
        live.announce_change(instance.event_id)


def audit_stamp() -> dict:
    """The event page's readers' stamp (``tournaments.event_changes``): the event's
    newest audit entry, read with the event."""
    audit = connection.ops.quote_name(AuditEntry._meta.db_table)
    sql = f"SELECT MAX(a.id) FROM {audit} a WHERE a.event_id = {{event}}.id"
    return {"stamp_audited": (sql, [], IntegerField())}
