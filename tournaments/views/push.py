"""An event's push streams (``config.push``): ``/push/events/SLUG/`` for the pages that
follow the whole event (the round clock, the projector) and ``/push/events/SLUG/rounds/
N/`` for a round's page, whose status board is fetched again when the round's version
moves on. A change is announced on the event's channel (``tournaments.live``); what
nobody announces is seen within ``live.REFRESH_SECONDS``."""

from config.push import Followable, follow
from tournaments import live
from tournaments.models import Round
from tournaments.permissions import access_event, access_round, is_public_event
from tournaments.round_cache import round_version


def check_event(request, slug: str):
    event = access_event(request.user, slug)
    return Followable(event.pk, lambda: live.stamp_of(event), is_public_event(event))


def check_round(request, slug: str, number: int):
    round_ = access_round(request.user, slug, number)

    def read_stamp():
        return round_version(Round.objects.get(pk=round_.pk))

    public = is_public_event(round_.event) and not round_.draft
    return Followable(round_.event_id, read_stamp, public, variant=f"round-{round_.pk}")


async def event_changes(request, slug: str):
    return await follow(request, lambda r: check_event(r, slug), live.TOPIC, live.REFRESH_SECONDS)


async def round_changes(request, slug: str, number: int):
    return await follow(
        request, lambda r: check_round(r, slug, number), live.TOPIC, live.REFRESH_SECONDS
    )
