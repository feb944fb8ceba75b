"""What the event page shows of its series, read in the event's own query
(``tournaments.event_cache.register_page_annotation``): the first series it is in, by
name, so the page links it without a query of its own."""

from django.db import connection
from django.db.models import CharField

from series.models import Series, SeriesEvent


def event_series(_reader) -> dict:
    quote = connection.ops.quote_name
    series, member = quote(Series._meta.db_table), quote(SeriesEvent._meta.db_table)

    def first(column: str) -> tuple:
        sql = (
            f"SELECT s.{column} FROM {series} s JOIN {member} m ON m.series_id = s.id"
            " WHERE m.event_id = {event}.id ORDER BY s.name, s.id LIMIT 1"
        )
        return (sql, [], CharField())

    return {"series_slug": first("slug"), "series_name": first("name")}
