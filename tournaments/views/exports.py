"""CSV exports of an event's pairings, results and standings.

Players choose their own names, and a spreadsheet runs a cell that starts with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return as a formula (CSV injection): such text
cells are written with a leading ``'``, which the spreadsheet shows as text. Numbers
(a negative score) are written as they are. Seats count from 1, as on the pages, and a
bye is "yes" or "no"."""

import csv

from django.http import Http404, HttpResponse

from tournaments.models import Seat, SeatResult, StandingRow
from tournaments.permissions import access_event
from tournaments.ranking import standings_order

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(cell):
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


KINDS = ("pairings", "results", "standings")


def rows_for(event, kind):
    if kind == "pairings":
        yield ["round", "table", "seat", "entrant", "bye"]
        published = Seat.objects.filter(table__round__event=event, table__round__draft=False)
        seats = published.select_related("table__round", "entrant")
        for s in seats.order_by("table__round__number", "table__number", "position"):
            bye = "yes" if s.table.is_bye else "no"
            yield [s.table.round.number, s.table.number, s.position + 1, s.entrant.name, bye]
    elif kind == "results":
        yield ["round", "table", "seat", "entrant", "score", "place", "points"]
        results = SeatResult.objects.filter(result__table__round__event=event).select_related(
            "result__table__round", "entrant"
        )
        for r in results.order_by("result__table__round__number", "result__table__number"):
            table = r.result.table
            yield [
                table.round.number,
                table.number,
                r.position + 1,
                r.entrant.name,
                r.score,
                r.place,
                r.points,
            ]
    else:
        keys = [k for k in standings_order(event) if k != "points"]
        yield ["rank", "entrant", "points", "games", *keys]
        for row in StandingRow.objects.filter(event=event).select_related("entrant"):
            yield [
                row.rank,
                row.entrant.name,
                row.points,
                row.games,
                *[row.tiebreaks.get(k, "") for k in keys],
            ]


def export_csv(request, slug, kind):
    if kind not in KINDS:  # before ``kind`` goes into a header (a line break: BadHeaderError)
        raise Http404
    event = access_event(request.user, slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{kind}.csv"'
    writer = csv.writer(response)
    for row in rows_for(event, kind):
        writer.writerow([neutralised(cell) for cell in row])
    return response
