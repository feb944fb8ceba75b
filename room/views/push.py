"""The room's push streams: the judges' page's (``/push/room/events/SLUG/judges/``,
the event's judges and organisers), which moves on with every call and every step of
one (``room.calls.calls_stamp``: each is audited at its table, and the audit entry is
announced on the event's channel once it commits), and the fast desk's
(``/push/room/events/SLUG/fast-desk/``, organisers and scorekeepers), on the results
desk's stamp (``scoring.desk_changes``), and the director's view's
(``/push/room/events/SLUG/director/``, organisers and judges: results, clocks, calls,
``room.director.director_stamp``), and the stream view's (``/push/room/stream/TOKEN/``:
anyone with its link, while it is switched on)."""

from lib.push import Followable, follow
from room.calls import calls_stamp
from room.director import director_stamp
from room.stream import access_stream, stream_stamp
from scoring.desk_changes import desk_stamp
from tournaments import live
from tournaments.permissions import access_event_as_judge, access_event_as_scorekeeper


def check_judges(request, slug: str):
    event = access_event_as_judge(request.user, slug)
    return Followable(event.pk, lambda: calls_stamp(event.pk), False, variant="judges")


async def judges_changes(request, slug: str):
    return await follow(request, lambda r: check_judges(r, slug), live.TOPIC, live.REFRESH_SECONDS)


def check_desk(request, slug: str):
    event = access_event_as_scorekeeper(request.user, slug)
    return Followable(event.pk, lambda: desk_stamp(event.pk), False, variant="desk")


async def desk_changes(request, slug: str):
    return await follow(request, lambda r: check_desk(r, slug), live.TOPIC, live.REFRESH_SECONDS)


def check_director(request, slug: str):
    event = access_event_as_judge(request.user, slug)
    return Followable(event.pk, lambda: director_stamp(event.pk), False, variant="director")


async def director_changes(request, slug: str):
    return await follow(
        request, lambda r: check_director(r, slug), live.TOPIC, live.REFRESH_SECONDS
    )


def check_stream(_request, token: str):
    """The stream view's link is its own permission: anyone who has it follows it,
    while the organisers keep it switched on."""
    link = access_stream(token)
    return Followable(link.event_id, lambda: stream_stamp(link), True, variant=f"stream-{link.pk}")


async def stream_changes(request, token: str):
    return await follow(request, lambda r: check_stream(r, token), live.TOPIC, live.REFRESH_SECONDS)
