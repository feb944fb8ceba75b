"""What an event has played so far, read from the database (``tournaments.history``):
every earlier table by round and number, its seats by position, each seat's place where
the table is reported; byes first; no other event's seats."""

import pytest

from tests.tournaments.helpers import make_event, play
from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format
from tournaments.formats.base import Format
from tournaments.history import load_history
from tournaments.models import Round, Seat, Table
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db


def tables_read_from_the_models(event, places=True) -> list[list[PastTable]]:
    """The history as the models tell it, one table at a time."""
    rounds = []
    for round_ in Round.objects.filter(event=event).order_by("number"):
        tables = []
        for table in round_.tables.order_by("number"):
            seats = tuple(table.seats.order_by("position").values_list("entrant_id", flat=True))
            reported = dict(
                table.result.seats.values_list("entrant_id", "place")
                if hasattr(table, "result")
                else []
            )
            if table.is_bye:
                tables.append(PastTable(seats, (1,), True))
            elif places and reported:
                tables.append(PastTable(seats, tuple(reported[k] for k in seats)))
            else:
                tables.append(PastTable(seats))
        rounds.append(tables)
    return rounds


def test_every_earlier_table_with_its_places_and_byes(league, organiser):
    event = make_event(league, organiser, players=11, review_pairings=False)
    event.format_options = {"fill": "byes"}
    event.save()
    play(event, 2)
    do_pair_round(event)  # round 3: no result yet

    history = load_history(event)

    assert history.rounds == tables_read_from_the_models(event)
    assert [len(r) for r in history.rounds] == [5, 5, 5]  # two tables of 4, three byes
    assert all(t.places for t in history.rounds[0] + history.rounds[1])
    assert sum(t.bye for r in history.rounds for t in r) == 9
    assert not any(t.places for t in history.rounds[2] if not t.bye)
    assert load_history(event, before=3, after=1).rounds == history.rounds[1:2]


def test_without_places_only_the_seats_and_byes(league, organiser):
    event = make_event(league, organiser, players=11, review_pairings=False)
    play(event, 2)

    history = load_history(event, places=False)

    assert history.rounds == tables_read_from_the_models(event, places=False)
    assert load_history(event).meetings() == history.meetings()


def test_another_events_tables_within_the_span_are_not_read(league, organiser):
    first = make_event(league, organiser, players=8, review_pairings=False)
    second = make_event(league, organiser, players=8, review_pairings=False)
    play(first, 1)
    play(second, 1)
    # A table added to the first event's round 1 after the second's were written: the
    # round's ids now span every table of the second event's round.
    round_ = first.rounds.get(number=1)
    late = Table.objects.create(round=round_, number=3, explanation={})
    seated = Seat.objects.filter(table__round=round_).values_list("entrant_id", flat=True)
    Seat.objects.create(table=late, entrant_id=min(seated), position=0)

    history = load_history(first)

    assert history.rounds == tables_read_from_the_models(first)
    seen = {key for table in history.rounds[0] for key in table.seats}
    assert seen == set(first.entrants.values_list("pk", flat=True))


@pytest.mark.parametrize("key", ["swiss", "round-robin"])
def test_a_format_that_reads_no_places_pairs_the_same_without_them(key):
    fmt: Format = get_format(key)
    assert not fmt.reads_places
    contenders = [Contender(key=k, points=k % 3, rank=k) for k in range(12)]
    history = History()
    for number in (1, 2):
        tables = fmt.pair(PairingRequest(contenders, history, 4, number, 5))
        history.rounds.append([PastTable(tuple(t.seats), (4, 3, 2, 1)) for t in tables])
    bare = History([[PastTable(t.seats) for t in r] for r in history.rounds])

    placed = fmt.pair(PairingRequest(contenders, history, 4, 3, 5))
    unplaced = fmt.pair(PairingRequest(contenders, bare, 4, 3, 5))

    assert [t.seats for t in placed] == [t.seats for t in unplaced]
    assert [t.explanation for t in placed] == [t.explanation for t in unplaced]
