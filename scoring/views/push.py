"""Scoring's push streams: the results desk's (``/push/scoring/events/SLUG/desk/``,
organisers only), whose list of waiting tables and audit log are fetched again when the
desk's stamp moves on (``scoring.desk_changes``), and a table's
(``/push/scoring/tables/ID/``, whoever may see its page), whose result part is fetched
again when the table's stamp moves on (``scoring.table_changes``)."""

from lib.push import Followable, follow
from scoring.desk_changes import desk_stamp
from scoring.table_changes import table_stamp
from scoring.views.common import TABLE_FOR_VISITORS, access_table
from tournaments import live
from tournaments.permissions import access_event_as_organiser, is_public_event


def check_desk(request, slug: str):
    event = access_event_as_organiser(request.user, slug)
    return Followable(event.pk, lambda: desk_stamp(event.pk), False, variant="desk")


async def desk_changes(request, slug: str):
    return await follow(request, lambda r: check_desk(r, slug), live.TOPIC, live.REFRESH_SECONDS)


def check_table(request, table_id: int):
    table = access_table(request.user, table_id)
    round_ = table.round

    def read_stamp():
        found = TABLE_FOR_VISITORS.fetch(table.pk)
        return table_stamp(found[0]) if found else None

    public = is_public_event(round_.event) and not round_.draft
    return Followable(round_.event_id, read_stamp, public, variant=f"table-{table.pk}")


async def table_changes(request, table_id: int):
    return await follow(
        request, lambda r: check_table(r, table_id), live.TOPIC, live.REFRESH_SECONDS
    )
