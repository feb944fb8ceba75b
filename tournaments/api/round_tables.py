"""A round's tables as the API answers them (``TableSerializer``'s fields, its schema),
read as plain values in four queries and built as dicts: at 2,500 tables the
serializer's own fields cost seconds of CPU (a serializer and its fields per table,
seat and seat result), and the answer to pairing a round of 10,000 entrants is all of
them. The round just paired is answered from what was written (``written_tables``).
``tests/tournaments/test_round_tables_answer.py`` checks both against the
serializer."""

from tournaments.history import within_span
from tournaments.models import Round, Seat, SeatResult, Table
from tournaments.pairing import TablesWritten


def round_tables(round_: Round) -> list[dict]:
    """Every table of ``round_`` by number: its seats by position, its explanation and
    its result (by position, or None before it is reported)."""
    seats: dict[int, list] = {}
    rows = Seat.objects.filter(table__round=round_, **within_span(round_.tables.all()))
    rows = rows.order_by("table_id", "position")
    for table, pk, position, entrant, name in rows.values_list(
        "table_id", "id", "position", "entrant_id", "entrant__name"
    ):
        seats.setdefault(table, []).append(
            {"id": pk, "position": position, "entrant_id": entrant, "entrant": name}
        )
    results: dict[int, list] = {}
    reported = SeatResult.objects.filter(result__table__round=round_)
    for table, position, entrant, score, place, points in reported.order_by(
        "result_id", "position"
    ).values_list("result__table_id", "position", "entrant_id", "score", "place", "points"):
        results.setdefault(table, []).append(
            {
                "position": position,
                "entrant_id": entrant,
                "score": score,
                "place": place,
                "points": points,
            }
        )
    tables = Table.objects.filter(round=round_).order_by("number")
    return [
        {
            "id": pk,
            "number": number,
            "is_bye": is_bye,
            "seats": seats.get(pk, []),
            "explanation": explanation,
            "has_result": result is not None,
            "result": None if result is None else results.get(pk, []),
        }
        for pk, number, is_bye, explanation, result in tables.values_list(
            "id", "number", "is_bye", "explanation", "result"
        )
    ]


def written_tables(written: TablesWritten) -> list[dict]:
    """The tables of a round just paired as ``round_tables`` reads them back. No result
    yet."""
    seat_id, names = iter(written.seat_ids), written.names
    return [
        {
            "id": pk,
            "number": number,
            "is_bye": table.bye,
            "seats": [
                {
                    "id": next(seat_id),
                    "position": position,
                    "entrant_id": key,
                    "entrant": names[key],
                }
                for position, key in enumerate(table.seats)
            ],
            "explanation": table.explanation,
            "has_result": False,
            "result": None,
        }
        for number, (pk, table) in enumerate(
            zip(written.table_ids, written.planned, strict=True), start=1
        )
    ]
