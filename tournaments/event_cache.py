"""The event page's shared part, cached under the event's *page version*.

When the pairings are released every player opens the event page at once. What they
see is mostly the same for everyone (the event's heading, its rounds, bracket,
standings and rank plot); what is theirs is small (what needs them: their table and
seat, an entry to confirm; their entry; organisers' tools). The shared part is built
once per version (and language) and kept in Django's cache; the reader's part is
read per request.

The version is read in the same query as the event (``with_page_version``): the event's
own fields the part shows (and its game's name), ``standings_version`` (bumped by every
change of the stored standings), its published rounds' number and revisions (pairing,
publishing, pairing again, swapping seats) and its results (how many, the latest
written: every result goes through ``tournaments.results.store_result``, whose save
stamps ``recorded_at``).
So a new result, pairing or round change is a new version, shown at once, and nothing
is ever invalidated. It is read from the data rather than counted by the writers: a
counter on the event's row would make every result of a rush wait for that row's lock.
"""

import hashlib

from django.db import connection
from django.db.models import DateTimeField, IntegerField
from django.db.models.expressions import RawSQL

from tournaments.models import Entrant, Event, Result, Round, Table
from tournaments.permissions import with_organiser_flag


def tables() -> dict:
    """The quoted table names the raw expressions below read."""
    models = {
        "event": Event,
        "round": Round,
        "table": Table,
        "result": Result,
        "entrant": Entrant,
    }
    return {name: connection.ops.quote_name(model._meta.db_table) for name, model in models.items()}


# Each a scalar subquery correlated on the event's row. Written as SQL rather than built
# from ``Subquery`` objects: the event page asks them on every read, and building and
# compiling four ORM subqueries cost more CPU than the rest of a visitor's page.
PUBLISHED_ROUNDS = "FROM {round} r WHERE r.event_id = {event}.id AND r.draft = %s"
PUBLISHED_RESULTS = (
    "FROM {result} x JOIN {table} t ON t.id = x.table_id JOIN {round} r ON r.id = t.round_id"
    " WHERE r.event_id = {event}.id AND r.draft = %s"
)
ENTRY = "SELECT e.id FROM {entrant} e WHERE e.event_id = {event}.id AND e.user_id = %s"


def with_page_version(events, reader=None):
    """Annotate what the shared part's version needs besides the event's fields:
    the last published round's number (shown as the list of rounds), the rounds'
    revisions and the results (count and latest). With a signed-in ``reader``, also
    what the page asks of them on every read: ``organised_by_reader``
    (``tournaments.permissions.with_organiser_flag``) and ``reader_entry`` (the id of
    their entry, None if they have none)."""
    names = tables()

    def raw(sql: str, params: list, field):
        return RawSQL(sql.format(**names), params, output_field=field)

    events = events.annotate(
        last_round=raw(f"SELECT MAX(r.number) {PUBLISHED_ROUNDS}", [False], IntegerField()),
        rounds_revision=raw(
            f"SELECT COALESCE(SUM(r.revision), 0) {PUBLISHED_ROUNDS}", [False], IntegerField()
        ),
        results_count=raw(f"SELECT COUNT(*) {PUBLISHED_RESULTS}", [False], IntegerField()),
        results_latest=raw(
            f"SELECT MAX(x.recorded_at) {PUBLISHED_RESULTS}", [False], DateTimeField()
        ),
    )
    if reader is None or not reader.is_authenticated:
        return events
    events = with_organiser_flag(events, reader)
    return events.annotate(reader_entry=raw(ENTRY, [reader.pk], IntegerField()))


def page_version(event) -> str:
    """The shared part's version: everything it shows, as a short key."""
    league = event.season.league
    parts = [
        event.pk,
        event.name,
        str(event.game_type),  # a catalogue game may be renamed
        event.format,
        event.table_size,
        event.status,
        event.is_archived,
        event.cut,
        event.season.name,
        league.name,
        event.standings_version,
        event.last_round,
        event.rounds_revision,
        event.results_count,
        event.results_latest,
    ]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
