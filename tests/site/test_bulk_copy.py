"""Many new rows at once (``lib.bulk_copy``): with their ids, in the rows' order; every
value as a save writes it (a JSON field's too)."""

import pytest

from lib.bulk_copy import insert_rows
from tests.tournaments.helpers import entrant_ids, make_event
from tournaments.models import Round, Seat, Table

pytestmark = pytest.mark.django_db


def test_rows_with_their_ids_in_order(league, organiser):
    event = make_event(league, organiser, players=3)
    round_ = Round.objects.create(event=event, number=1)
    notes = [{"why": "first", "keys": [1, 2]}, {"why": "second"}]

    ids = insert_rows(
        Table,
        ["round", "number", "explanation", "is_bye"],
        [(round_.pk, n, note, n == 2) for n, note in enumerate(notes, start=1)],
    )
    seat_ids = insert_rows(
        Seat,
        ["table", "entrant", "position"],
        [(ids[0], key, p) for p, key in enumerate(entrant_ids(event)[:2])]
        + [(ids[1], entrant_ids(event)[2], 0)],
    )

    tables = Table.objects.filter(round=round_).order_by("number")
    assert [(t.pk, t.explanation, t.is_bye) for t in tables] == [
        (ids[0], notes[0], False),
        (ids[1], notes[1], True),
    ]
    seats = Seat.objects.filter(table__round=round_).order_by("table_id", "position")
    assert [(s.pk, s.table_id, s.entrant_id, s.position) for s in seats] == [
        (seat_ids[0], ids[0], entrant_ids(event)[0], 0),
        (seat_ids[1], ids[0], entrant_ids(event)[1], 1),
        (seat_ids[2], ids[1], entrant_ids(event)[2], 0),
    ]
    assert len(set(seat_ids)) == 3
