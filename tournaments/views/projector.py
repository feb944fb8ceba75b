"""The projector: a screen in the hall that nobody touches. The round clock in large
type, then the pairings by name (alphabetical, so people find themselves) and by
table, then the standings, a page at a time, turning by itself; it reloads when the
event moves on (``tournaments.live``). Seen by whoever may see the event."""

from django.shortcuts import render

from tournaments import live
from tournaments.permissions import access_event

# What fits one page of the screen at the type size that reads from 5 m, 1080 or 720
# lines high alike (the sizes are in screen heights: static/css/projector.css).
NAMES_A_PAGE = 24
TABLES_A_PAGE = 8
STANDINGS_A_PAGE = 24
# How long each page stays up.
PAGE_SECONDS = 12


def pages(items, size: int) -> list[list]:
    items = list(items)
    return [items[start : start + size] for start in range(0, len(items), size)]


def projector(request, slug):
    event = access_event(request.user, slug)
    round_ = event.rounds.filter(draft=False).select_related("event").order_by("-number").first()
    tables = list(round_.tables.with_seats()) if round_ else []
    by_name = sorted(
        ((seat.entrant.name, table) for table in tables for seat in table.seats.all()),
        key=lambda row: row[0].casefold(),
    )
    standings = event.standings.select_related("entrant").order_by("rank", "entrant__name")
    return render(
        request,
        "tournaments/projector.html",
        {
            "event": event,
            "round": round_,
            "name_pages": pages(by_name, NAMES_A_PAGE),
            "table_pages": pages(tables, TABLES_A_PAGE),
            "standing_pages": pages(standings, STANDINGS_A_PAGE),
            "stamp": live.stamp_of(event),
            "page_seconds": PAGE_SECONDS,
        },
    )
