"""What an event has played so far, as the formats read it: every earlier table by
round, with the places where reported. Read by pairing (to pair the next round) and by
the life cycle (to ask the format whether it is complete)."""

from functools import reduce
from operator import or_

from django.db.models import Max, Min, Q

from tournaments.formats import History, PastTable
from tournaments.models import Event, Round, Seat, SeatResult, Table


def load_history(
    event: Event, before: int | None = None, after: int = 0, places: bool = True
) -> History:
    """Every earlier table of the event (from round ``after`` + 1: a cut's knockout
    starts afresh), by round, with the places where reported (``places`` False: none,
    for a format that reads no places, ``Format.reads_places``). Plain queries (the
    tables, their seats, their places) joined here: as one query PostgreSQL expected a
    handful of rows and looked up every seat's table, round, result and place one by
    one (0.3 s for 30,000 seats at 10,000 entrants; the tables and seats take 0.02 s)."""
    rounds = Q(round__event=event, round__number__gt=after)
    if before is not None:
        rounds &= Q(round__number__lt=before)
    tables = Table.objects.filter(rounds).order_by("round__number", "number")
    listed = list(tables.values_list("id", "round__number", "is_bye"))
    spans = round_spans(listed)
    seats: dict[int, list] = {pk: [] for pk, _, _ in listed}
    for table, entrant in (
        Seat.objects.filter(table_spans(spans, "table_id"))
        .order_by("table_id", "position")
        .values_list("table_id", "entrant_id")
    ):
        if table in seats:  # another event's table within the span
            seats[table].append(entrant)
    placed = places_by_table(spans) if places else {}
    by_round: dict[int, list] = {}
    for pk, number, bye in listed:
        if seats[pk]:
            by_round.setdefault(number, []).append(past_table(seats[pk], placed.get(pk), bye))
    return History(rounds=list(by_round.values()))


def places_by_table(spans: list[tuple[int, int]]) -> dict[int, dict]:
    """Per reported table within ``spans``, each seated entrant's place."""
    placed: dict[int, dict] = {}
    rows = SeatResult.objects.filter(table_spans(spans, "result__table_id")).order_by()
    for table, entrant, place in rows.values_list("result__table_id", "entrant_id", "place"):
        placed.setdefault(table, {})[entrant] = place
    return placed


def past_table(entrants: list, places: dict | None, bye: bool) -> PastTable:
    """A table as the formats read it: a bye's one seat came first, a reported table
    has every seat's place, an unreported one none."""
    if bye:
        return PastTable(tuple(entrants), (1,), True)
    reported = places is not None and all(key in places for key in entrants)
    return PastTable(tuple(entrants), tuple(places[k] for k in entrants) if reported else ())


def round_spans(listed: list) -> list[tuple[int, int]]:
    """The least and greatest table id of each round in ``listed`` (id, round, bye): a
    round's tables are written at once, so their ids are close together."""
    spans: dict[int, tuple[int, int]] = {}
    for pk, number, _ in listed:
        low, high = spans.get(number, (pk, pk))
        spans[number] = (min(low, pk), max(high, pk))
    return list(spans.values())


def table_spans(spans: list[tuple[int, int]], field: str) -> Q:
    """Rows whose table id (``field``) falls within one of ``spans``: PostgreSQL reads
    them by the index of that column, one range a round, whatever else the database
    holds (an event's own tables by their round would be a lookup a table)."""
    if not spans:
        return Q(**{f"{field}__isnull": True})  # no table: no row
    return reduce(or_, (Q(**{f"{field}__gte": low, f"{field}__lte": high}) for low, high in spans))


def within_span(tables) -> dict:
    """A filter of seats by their table's id between the least and the greatest of
    ``tables`` (one small query): an event's tables are written round by round, so
    their ids are close together, and bounded so PostgreSQL reads the seats by their
    index. Without it, it plans for the average event's tables (a 10,000-entrant event
    among small ones skews it) and reads every seat of every event: 0.5 s at 1,000
    entrants in a database of 650,000 seats, 0.08 s with it."""
    span = tables.aggregate(low=Min("pk"), high=Max("pk"))
    if span["low"] is None:
        return {"table_id__isnull": True}  # no table: no seat
    return {"table_id__gte": span["low"], "table_id__lte": span["high"]}


def current_round(event: Event) -> Round | None:
    """The event's latest round, draft or published."""
    return event.rounds.order_by("-number").first()
