"""The push stream of a series' page (``lib.push``): its leaderboard is fetched again
when the stored rows move on (``series.computing.store_rows`` announces it on the
events' topic, under the series' key); what nobody announces is seen within
``live.REFRESH_SECONDS``."""

from lib.push import Followable, follow
from series.computing import series_key
from series.models import Series
from series.permissions import access_series
from tournaments import live
from tournaments.permissions import is_public_event


def check_series(request, slug: str):
    series, events = access_series(request.user, slug)
    rows = Series.objects.filter(pk=series.pk).values_list("rows_version", flat=True)
    public = all(is_public_event(event) for event in events)
    return Followable(series_key(series.pk), lambda: rows.first(), public, variant="series")


async def series_changes(request, slug: str):
    return await follow(request, lambda r: check_series(r, slug), live.TOPIC, live.REFRESH_SECONDS)
