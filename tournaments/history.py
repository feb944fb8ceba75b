"""What an event has played so far, as the formats read it: every earlier table by
round, with the places where reported. Read by pairing (to pair the next round) and by
the life cycle (to ask the format whether it is complete)."""

from tournaments.formats import History, PastTable
from tournaments.models import Event, Round, Seat, SeatResult


def load_history(event: Event, before: int | None = None, after: int = 0) -> History:
    """Every earlier table of the event (from round ``after`` + 1: a cut's knockout
    starts afresh), by round, with the places where reported."""
    seats = Seat.objects.filter(table__round__event=event, table__round__number__gt=after)
    if before is not None:
        seats = seats.filter(table__round__number__lt=before)
    place_of = {
        (table, entrant): place
        for table, entrant, place in SeatResult.objects.filter(
            result__table__round__event=event
        ).values_list("result__table_id", "entrant_id", "place")
    }
    rounds: dict = {}
    rows = seats.order_by("table__round__number", "table__number", "position").values_list(
        "table__round__number", "table_id", "table__is_bye", "entrant_id"
    )
    for number, table, bye, entrant in rows:
        rounds.setdefault(number, {}).setdefault(table, (bye, []))[1].append(entrant)
    history = History()
    for number in sorted(rounds):
        tables = []
        for table, (bye, entrants) in rounds[number].items():
            reported = all((table, e) in place_of for e in entrants)
            places = tuple(place_of[(table, e)] for e in entrants) if reported else ()
            tables.append(PastTable(tuple(entrants), (1,) if bye else places, bye))
        history.rounds.append(tables)
    return history


def current_round(event: Event) -> Round | None:
    """The event's latest round, draft or published."""
    return event.rounds.order_by("-number").first()
