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
stamps ``recorded_at``; a result names its event, so both are read from one index).
So a new result, pairing or round change is a new version, shown at once, and nothing
is ever invalidated. It is read from the data rather than counted by the writers: a
counter on the event's row would make every result of a rush wait for that row's lock.

The reader's part is read in that query too, so that a player's request is the user, the
event and their entry: where they sit in the last round (``reader_table``,
``reader_table_number``, ``reader_seat``, while their table has no result), the last
round's clock revision (``last_clock_revision``: the round is kept in the cache under
it, ``last_round_of``) and what other apps add with ``register_page_annotation`` (play:
the set of games being played, under which the live tables are cached; scoring: the
open entries at the reader's tables, so that none are looked for when there are none).
"""

import hashlib

from django.db import connection
from django.db.models import DateTimeField, F, FilteredRelation, IntegerField, Q
from django.db.models.expressions import RawSQL

from lib.built_once import cached_under
from lib.compiled import PERSON, CompiledQuery, person
from tournaments.models import Entrant, Event, Result, Round, Seat, Table
from tournaments.permissions import with_organiser_flag

_annotations = []


def register_page_annotation(provider) -> None:
    """``provider(reader)`` (None: a visitor) returns ``{name: (sql, params, field)}``:
    scalar subqueries annotated on the event's page query. ``sql`` may name the quoted
    tables of ``tables()`` (``{event}`` is the event's row) and, for a reader, ``{entry}``:
    their entry's id (a subquery taking ``reader.pk`` first among ``params``)."""
    if provider not in _annotations:
        _annotations.append(provider)


def tables() -> dict:
    """The quoted table names the raw expressions below read."""
    models = {
        "event": Event,
        "round": Round,
        "table": Table,
        "result": Result,
        "entrant": Entrant,
        "seat": Seat,
    }
    return {name: connection.ops.quote_name(model._meta.db_table) for name, model in models.items()}


# Each a scalar subquery correlated on the event's row. Written as SQL rather than built
# from ``Subquery`` objects: the event page asks them on every read, and building and
# compiling four ORM subqueries cost more CPU than the rest of a visitor's page.
PUBLISHED_ROUNDS = "FROM {round} r WHERE r.event_id = {event}.id AND r.draft = %s"
# Every result of the event, by the results' own event column and its index: a draft
# round's (a bot table of a draft may have one) moves the version too, harmlessly.
RESULTS = "FROM {result} x WHERE x.event_id = {event}.id"
# The reader's entry's id, for what other apps annotate (``register_page_annotation``).
ENTRY = "SELECT e.id FROM {entrant} e WHERE e.event_id = {event}.id AND e.user_id = %s"
# The reader's entry's fields the page shows besides its id.
ENTRY_FIELDS = ("status", "checked_in_at", "registered_at", "drop_reason")
# The last published round, the reader's entry and their seat are joined
# (``FilteredRelation``) under these aliases, and the raw expressions below name them:
# one join each rather than a subquery per field, since planning the query's subqueries
# cost PostgreSQL more than running them (a subquery for each of the reader's fields
# was a third of its planning, and the query was most of the page's PostgreSQL time).
LAST_ROW, ENTRY_ROW, SEAT_ROW = "last_round_row", "reader_entry_row", "reader_seat_row"
LAST_NUMBER = "SELECT MAX(r.number) FROM {round} r WHERE r.event_id = {event}.id AND r.draft = %s"
# The tables of the last round still being played: the reader's seat is at one of them.
OPEN_TABLES = (
    "SELECT t.id FROM {table} t WHERE t.round_id = " + LAST_ROW + ".id AND t.is_bye = %s"
    " AND NOT EXISTS (SELECT 1 FROM {result} x WHERE x.table_id = t.id)"
)
TABLE_NUMBER = "SELECT t.number FROM {table} t WHERE t.id = " + SEAT_ROW + ".table_id"


def with_page_version(events, reader=None):
    """Annotate what the shared part's version needs besides the event's fields:
    the last published round's number (shown as the list of rounds), the rounds'
    revisions and the results (count and latest). With a signed-in ``reader``, also
    what the page asks of them on every read: ``organised_by_reader``
    (``tournaments.permissions.with_organiser_flag``), ``reader_entry`` (the id of
    their entry, None if they have none) and its fields (``reader_entry_status``...,
    ``reader_entry_of``), and their seat in the last round (``reader_table``...)."""
    names = tables()

    def raw(sql: str, params: list, field):
        return RawSQL(sql.format(**names), params, output_field=field)

    last_round = FilteredRelation(
        "rounds", condition=Q(rounds__draft=False, rounds__number=raw(LAST_NUMBER, [False], None))
    )
    events = events.annotate(**{LAST_ROW: last_round}).annotate(
        last_round=F(f"{LAST_ROW}__number"),
        last_clock_revision=F(f"{LAST_ROW}__clock_revision"),
        rounds_revision=raw(
            f"SELECT COALESCE(SUM(r.revision), 0) {PUBLISHED_ROUNDS}", [False], IntegerField()
        ),
        results_count=raw(f"SELECT COUNT(*) {RESULTS}", [], IntegerField()),
        results_latest=raw(f"SELECT MAX(x.recorded_at) {RESULTS}", [], DateTimeField()),
    )
    signed_in = reader is not None and reader.is_authenticated
    entry = f"({ENTRY})"
    for provider in _annotations:
        for name, (sql, params, field) in provider(reader if signed_in else None).items():
            events = events.annotate(**{name: raw(sql.replace("{entry}", entry), params, field)})
    if not signed_in:
        return events
    events = with_organiser_flag(events, reader)
    seats = f"{ENTRY_ROW}__seats"
    events = events.annotate(
        **{
            ENTRY_ROW: FilteredRelation("entrants", condition=Q(entrants__user_id=reader.pk)),
            SEAT_ROW: FilteredRelation(
                seats,
                condition=Q(**{f"{seats}__table_id__in": raw(OPEN_TABLES, [False], None)}),
            ),
        }
    )
    fields = {f"reader_entry_{name}": F(f"{ENTRY_ROW}__{name}") for name in ENTRY_FIELDS}
    return events.annotate(
        **fields,
        reader_entry=F(f"{ENTRY_ROW}__id"),
        reader_table=F(f"{SEAT_ROW}__table_id"),
        reader_table_number=raw(TABLE_NUMBER, [], IntegerField()),
        reader_seat=F(f"{SEAT_ROW}__position"),
    )


SLUG = "\x00slug"  # the marker of the event's slug in the queries compiled once


def page_event_query(slug: str, reader=None):
    """The event of ``slug`` with its page version and, for a signed-in ``reader``, what
    the page asks of them (``with_page_version``)."""
    events = Event.objects.select_related("season__league").filter(slug=slug).order_by()
    return with_page_version(events, reader)


# Every read of the event page asks one of these: built and compiled once per process,
# since building and compiling its scalar subqueries was a third of a player's read.
PAGE_EVENT_FOR_VISITORS = CompiledQuery(page_event_query, SLUG)
PAGE_EVENT_FOR_READERS = CompiledQuery(
    lambda slug, user_id: page_event_query(slug, person(user_id)), SLUG, PERSON
)


def read_page_event(slug: str, reader) -> Event | None:
    """The event of ``slug`` as its page reads it (None: there is none)."""
    if reader.is_authenticated:
        found = PAGE_EVENT_FOR_READERS.fetch(slug, reader.pk)
    else:
        found = PAGE_EVENT_FOR_VISITORS.fetch(slug)
    return found[0] if found else None


def reader_entry_of(event, reader) -> Entrant | None:
    """``reader``'s entry, from what was read with the event (``with_page_version``):
    its other fields are deferred, so reading one is a query and saving it writes only
    these."""
    entry_id = getattr(event, "reader_entry", None)
    if entry_id is None:
        return None
    known = {"id": entry_id, "event_id": event.pk, "user_id": reader.pk}
    known |= {name: getattr(event, f"reader_entry_{name}") for name in ENTRY_FIELDS}
    fields = [f.attname for f in Entrant._meta.concrete_fields if f.attname in known]
    entry = Entrant.from_db(Entrant.objects.db, fields, [known[name] for name in fields])
    entry.event = event
    return entry


def last_round_of(event) -> Round | None:
    """The event's last published round (its clock is shown beside the reader's seat),
    kept in the cache under the page's version and its clock's revision: no query while
    neither changes."""
    if not event.last_round:
        return None
    key = ["event-round", event.pk, page_version(event), event.last_clock_revision]
    round_ = cached_under(
        key, lambda: Round.objects.get(event_id=event.pk, number=event.last_round, draft=False)
    )
    round_.event = event
    return round_


def page_version(event) -> str:
    """The shared part's version: everything it shows, as a short key."""
    league = event.season.league
    parts = [
        event.pk,
        event.slug,  # in the parts' links
        event.name,
        str(event.game_type),  # a catalogue game may be renamed
        event.format,
        event.table_size,
        event.status,
        event.is_archived,
        event.cut,
        event.tiebreak_order,  # the standings' columns follow it
        event.season.name,
        league.name,
        league.slug,  # the heading links the league
        event.standings_version,
        event.last_round,
        event.rounds_revision,
        event.results_count,
        event.results_latest,
    ]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
