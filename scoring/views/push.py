"""The results desk's push stream (``/push/scoring/events/SLUG/desk/``, organisers
only): the desk fetches its list of waiting tables again when the desk's stamp moves
on (``scoring.desk_changes``)."""

from config.push import Followable, follow
from scoring.desk_changes import desk_stamp
from tournaments import live
from tournaments.permissions import access_event_as_organiser


def check_desk(request, slug: str):
    event = access_event_as_organiser(request.user, slug)
    return Followable(event.pk, lambda: desk_stamp(event.pk), False, variant="desk")


async def desk_changes(request, slug: str):
    return await follow(request, lambda r: check_desk(r, slug), live.TOPIC, live.REFRESH_SECONDS)
