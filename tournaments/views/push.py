"""The tournaments' push streams (``lib.push``):

- ``/push/events/SLUG/`` for the pages that follow the whole event's round and clock
  (the round clock, the projector);
- ``/push/events/SLUG/rounds/N/`` for a round's page, whose status list and table cards
  are fetched again when the round's version moves on;
- ``/push/events/SLUG/page/`` for the event's page (``tournaments.event_changes``);
- ``/push/leagues/SLUG/`` for a league's leaderboard, which hears the channels of the
  league's events the reader may see and the league's own (``tournaments.league_changes``).

A change is announced on the event's channel (``tournaments.live``); what nobody
announces is seen within ``live.REFRESH_SECONDS``."""

from lib.push import Followable, follow
from tournaments import live
from tournaments.event_cache import read_page_event
from tournaments.event_changes import page_stamp
from tournaments.league_changes import league_stamp
from tournaments.models import Round
from tournaments.permissions import access_event, access_league, access_round, is_public_event
from tournaments.round_cache import round_version


def check_event(request, slug: str):
    event = access_event(request.user, slug)
    return Followable(event.pk, lambda: live.stamp_of(event), is_public_event(event))


# The stamp of a page whose round is no longer there (no round version looks like it).
GONE = "gone"


def check_round(request, slug: str, number: int):
    round_ = access_round(request.user, slug, number)

    def read_stamp():
        """The version of the event's round of that number: a draft discarded is
        ``GONE`` (the page then finds its parts gone and says so), and one paired again
        in its place moves the page on to it."""
        found = Round.objects.filter(event_id=round_.event_id, number=number).first()
        return round_version(found) if found else GONE

    public = is_public_event(round_.event) and not round_.draft
    return Followable(round_.event_id, read_stamp, public, variant=f"round-{number}")


def check_event_page(request, slug: str):
    """A visitor's page and a reader's follow two stamps (``tournaments.event_changes``),
    each the same for all who follow it: the readers' is read as the first one's page
    reads the event, of which it takes only what is every reader's."""
    user = request.user
    event = access_event(user, slug, read=read_page_event)
    readers = user.is_authenticated

    def read_stamp():
        found = read_page_event(event.slug, user)
        return page_stamp(found, readers) if found else None

    variant = "page-readers" if readers else "page"
    return Followable(event.pk, read_stamp, is_public_event(event), variant=variant)


def check_league(request, slug: str):
    league, events = access_league(request.user, slug)
    shown = tuple(sorted(event.pk for event in events))
    public = all(is_public_event(event) for event in events)
    return Followable(
        (*shown, live.league_key(league.pk)),
        lambda: league_stamp(league.pk, shown),
        public,
        variant=f"league-{league.pk}",
    )


async def event_changes(request, slug: str):
    return await follow(request, lambda r: check_event(r, slug), live.TOPIC, live.REFRESH_SECONDS)


async def round_changes(request, slug: str, number: int):
    return await follow(
        request, lambda r: check_round(r, slug, number), live.TOPIC, live.REFRESH_SECONDS
    )


async def event_page_changes(request, slug: str):
    return await follow(
        request, lambda r: check_event_page(r, slug), live.TOPIC, live.REFRESH_SECONDS
    )


async def league_changes(request, slug: str):
    return await follow(request, lambda r: check_league(r, slug), live.TOPIC, live.REFRESH_SECONDS)
