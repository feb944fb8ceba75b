"""What moves a table's page on (``scoring.views.table``): every write of scoring about
the table (an entry, a round added or taken back, a confirmation, a dispute, a
settlement, an override) leaves an audit entry, and its official result may come from
elsewhere too (a game on the site). Its stamp is the newest audit entry of the table and
its result, read in the table's own query (``scoring.views.common.table_query``), so
the page costs no query for it. Every audit entry and result is announced on the
event's channel (``scoring.desk_changes``, ``tournaments.live``): the table's push
stream (``scoring.views.push``) wakes, and every phone at the table draws its result
part again. Other apps whose part of the page lives there too add to the stamp with an
annotation of the table query registered as a stamp (``round_check_in``: the table's
check-ins and forfeits for its round)."""

from django.db.models import OuterRef, Subquery

from scoring.models import AuditEntry


def newest_audited():
    """The annotation of a table query: its newest audit entry's id."""
    entries = AuditEntry.objects.filter(table_id=OuterRef("pk")).order_by("-pk")
    return Subquery(entries.values("pk")[:1])


# The names of the table query's annotations that are part of its stamp
# (``scoring.views.common.register_table_annotation`` with ``stamp=True``).
STAMP_ANNOTATIONS: list[str] = []


def table_stamp(table) -> str:
    """``table`` read by ``table_query`` (with ``newest_audit``, its result and the
    annotations registered as part of the stamp)."""
    result = getattr(table, "result", None)
    recorded = f"{result.pk}.{result.recorded_at.timestamp():.6f}" if result else "-"
    others = "".join(f"-{getattr(table, name, None) or 0}" for name in STAMP_ANNOTATIONS)
    return f"{table.newest_audit or 0}-{recorded}{others}"
