"""A league you can take with you, out (docs/integrations.md, "A league's file"): its
seasons, events, entrants, rounds, tables, results with their audit trail (the event's
log and each result's source, author and detail) and the catalogue games its events
play, as one versioned JSON document. People are named by username, never by id."""

from datetime import date, datetime, time

from django.core.serializers.json import DjangoJSONEncoder

from games.models import CatalogueGame
from tournaments.models import (
    Entrant,
    Event,
    EventLogEntry,
    League,
    Result,
    Round,
    Season,
    Seat,
    SeatResult,
    Table,
)

FORMAT = "leaguewright-league"
VERSION = 1

# Fields a file does not carry: the database's own bookkeeping, and what the importing
# site recomputes (standings, caches, claims) or decides (archiving).
SKIPPED = {
    League: {"archived_at"},
    Season: set(),
    Event: {"standings_version", "standings_queued_at", "archived_at"},
    Entrant: set(),
    Round: {"revision", "clock_revision"},
    Table: set(),
    Seat: set(),
    Result: set(),
    SeatResult: set(),
    EventLogEntry: set(),
    CatalogueGame: {"site_wide", "created_at"},
}


def plain_fields(model) -> list:
    """The model's own fields a file carries: no primary key, no relation."""
    return [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and not field.is_relation and field.name not in SKIPPED[model]
    ]


def plain(obj) -> dict:
    encoder = DjangoJSONEncoder()
    values = {}
    for field in plain_fields(type(obj)):
        value = field.value_from_object(obj)
        values[field.name] = value if isinstance(value, (dict, list)) else encoded(encoder, value)
    return values


def encoded(encoder: DjangoJSONEncoder, value):
    """JSON's form of a field's value; times to the microsecond (DjangoJSONEncoder cuts
    them to milliseconds)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    return encoder.default(value)


def username(user) -> str | None:
    return user.username if user is not None else None


def result_file(result: Result, keys: dict[int, int]) -> dict:
    seats = sorted(result.seats.all(), key=lambda seat: seat.position)
    return {
        **plain(result),
        "recorded_by": username(result.recorded_by),
        "seats": [{**plain(seat), "entrant": keys[seat.entrant_id]} for seat in seats],
    }


def table_file(table: Table, keys: dict[int, int]) -> dict:
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    result = getattr(table, "result", None)
    return {
        **plain(table),
        "seats": [{"position": seat.position, "entrant": keys[seat.entrant_id]} for seat in seats],
        "result": result_file(result, keys) if result is not None else None,
    }


def event_file(event: Event) -> dict:
    entrants = list(event.entrants.select_related("user", "bot").order_by("pk"))
    keys = {entrant.pk: number for number, entrant in enumerate(entrants, start=1)}
    rounds = event.rounds.order_by("number").prefetch_related(
        "tables__seats", "tables__result__seats", "tables__result__recorded_by"
    )
    log = event.log_entries.select_related("actor").order_by("created_at", "pk")
    return {
        **plain(event),
        "organisers": sorted(user.username for user in event.organisers.all()),
        "entrants": [
            {
                **plain(entrant),
                "key": keys[entrant.pk],
                "username": username(entrant.user),
                "bot": entrant.bot.name if entrant.bot_id else None,
            }
            for entrant in entrants
        ],
        "rounds": [
            {
                **plain(round_),
                "tables": [
                    table_file(table, keys)
                    for table in sorted(round_.tables.all(), key=lambda t: t.number)
                ],
            }
            for round_ in rounds
        ],
        "log": [{**plain(entry), "actor": username(entry.actor)} for entry in log],
    }


def league_file(league: League) -> dict:
    """The whole league as the file's JSON object."""
    seasons = league.seasons.order_by("pk")
    events = Event.objects.filter(season__league=league)
    keys = set(events.values_list("game", flat=True))
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {
            **plain(league),
            "organisers": sorted(user.username for user in league.organisers.all()),
        },
        "catalogue_games": [
            plain(game) for game in CatalogueGame.objects.filter(key__in=keys).order_by("key")
        ],
        "seasons": [
            {
                **plain(season),
                "events": [event_file(event) for event in season.events.order_by("pk")],
            }
            for season in seasons
        ],
    }
