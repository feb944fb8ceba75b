"""What an event's open pages follow without reloading (the projector, a table page,
a player's home): its latest published round, that round's version
(``tournaments.round_cache``, which counts its results, entries and clock) and the
round's clock. A change is announced on the event's channel once it commits
(``lib.changes``): pairing, the clock, a result written or removed (a receiver,
connected in ``TournamentsConfig.ready``), standings stored, every organiser action
logged (``when_logged``) and an entrant added, changed or removed. A page follows the
event's push stream (``tournaments.views.push``) or waits on ``GET /api/events/SLUG/
live/?stamp=S&wait=W``, answered as soon as the stamp moves on (or at W with the same
stamp). A change nobody announces is seen within ``REFRESH_SECONDS`` by a push stream,
at the wait's end by a long-poll."""

from django.db import transaction

import lib.changes as changes
from tournaments.models import Event, Result, Table
from tournaments.round_cache import round_version

TOPIC = "event"
# A push server reads a followed event's stamps again this often, whatever it heard.
REFRESH_SECONDS = 60


class Announcement:
    """The event's change announced on commit (``lib.changes.announce``)."""

    def __init__(self, event_id: int):
        self.event_id = event_id

    def __call__(self) -> None:
        changes.announce(TOPIC, self.event_id)


def announce_change(event_id: int) -> None:
    """Tell the event's waiting pages, once the current transaction commits: once per
    transaction, however many of its writes change what they show (a table's last
    confirmation writes its audit entry and the result). A savepoint rolled back takes
    its callbacks with it, so one registered there is not counted on."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        isinstance(callback, Announcement) and callback.event_id == event_id
        for _savepoints, callback, _robust in connection.run_on_commit
    ):
        return
    transaction.on_commit(Announcement(event_id))


def when_result_changed(instance, **_signal) -> None:
    """``post_save`` and ``post_delete`` of a ``Result``: its event's pages move on."""
    event_id = event_id_of(instance)
    if event_id is not None:
        announce_change(event_id)


def when_logged(instance, created: bool, **_signal) -> None:
    """``post_save`` of an ``EventLogEntry``: every organiser action on the event is
    logged (pairing, publishing, check-in, no-shows dropped, a place given to the
    waitlist, the event finished, reopened, archived...), so its pages move on."""
    if created:
        announce_change(instance.event_id)


def when_entrant_changed(instance, **_signal) -> None:
    """``post_save`` and ``post_delete`` of an ``Entrant``: a registration, a withdrawal,
    an entrant added or dropped changes the event's entrants and the reader's part."""
    announce_change(instance.event_id)


def when_event_deleted(instance, **_signal) -> None:
    """``post_delete`` of an ``Event``: the to-do lists that named it move on."""
    announce_change(instance.pk)


def announce_league_change(league_id: int) -> None:
    """What is stored about a league as a whole changed (its ratings): its leaderboard
    moves on, once the current transaction commits."""
    transaction.on_commit(lambda: changes.announce(TOPIC, league_key(league_id)))


def league_key(league_id: int) -> str:
    """The key, on the event topic, of what belongs to a league rather than an event."""
    return f"league-{league_id}"


def event_id_of(result) -> int | None:
    """The result's event, without a query when its writer had the table's round at hand
    (``tournaments.results`` has: it reads the event from it)."""
    table = result.table if Result.table.is_cached(result) else None
    if table is not None and Table.round.is_cached(table):
        return table.round.event_id
    return (
        Table.objects.filter(pk=result.table_id).values_list("round__event_id", flat=True).first()
    )


def stamp_of(event) -> str:
    """Changes whenever what the event's live pages show changes: its latest
    published round, that round's version, its standings."""
    standings = Event.objects.filter(pk=event.pk).values_list("standings_version", flat=True)
    latest = event.rounds.filter(draft=False).order_by("-number").first()
    if latest is None:
        return f"none-{standings.first()}"
    return f"{latest.number}-{round_version(latest)}-{standings.first()}"


def wait_for_change(event, stamp: str, seconds: float) -> bool:
    return changes.wait_for_change(TOPIC, event.pk, lambda: stamp_of(event), stamp, seconds)
