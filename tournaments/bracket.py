"""The bracket of a double elimination, or of the knockout a Swiss was cut to, drawn
as SVG for the event page.

Lanes, one under the other: the winners' bracket, the losers' bracket, the finals (or
the one lane of a knockout: the cut's, or an event of the knockout format); one column
per round. Each table is a box of its entrants in seat order; once its result is in,
the winner is bold, those who stay in their bracket (go through, in a knockout) are
marked with a triangle and the winner of a final with a star (the knockout's final:
``standings.knockout_places``). Text is drawn at a fixed size and the
picture keeps its width (the page scrolls it sideways on a phone rather than
shrinking the names)."""

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments.formats.double_elimination import GRAND_FINAL, LOSERS, RESET, WINNERS
from tournaments.formats.knockout import Knockout
from tournaments.models import Seat, SeatResult
from tournaments.ranking import knockout_of

COLUMN, BOX_WIDTH, LINE, GAP, HEADER = 170, 150, 18, 10, 26
CUT = "cut"  # the lane of the knockout a Swiss was cut to
KNOCKOUT = "knockout"  # the lane of an event of the knockout format


def lane_titles() -> dict:
    return {
        WINNERS: _("Winners' bracket"),
        LOSERS: _("Losers' bracket"),
        GRAND_FINAL: _("Finals"),
        CUT: _("Knockout of the best"),
        KNOCKOUT: _("Knockout rounds"),
    }


def lane_of(note: dict, knockout: bool = False) -> str:
    """The lane a table is drawn in, or "" for a table of no bracket (``knockout``: an
    event of the knockout format, every table of which is in its lane)."""
    if "bracket" in note:
        return GRAND_FINAL if note["bracket"] in (GRAND_FINAL, RESET) else note["bracket"]
    if "cut" in note:
        return CUT
    return KNOCKOUT if knockout and not note.get("bye") else ""


def legend(event) -> str:
    """What the marks mean, for the bracket drawn: a double elimination's players stay
    in their bracket, a knockout's go through."""
    if event.format == Knockout.key or event.is_cut:
        return _("▲ goes through · ★ wins the final · bold: first place")
    return _("▲ stays in its bracket · ★ wins the final · bold: first place")


def bracket_tables(event) -> dict:
    """The knockout's tables by id, each a box to draw: its lane, round, explanation,
    whether it is the final, and its seats' names and places."""
    seats = (
        Seat.objects.filter(
            table__round__event=event, table__round__draft=False, table__is_bye=False
        )
        .select_related("table__round", "entrant")
        .order_by("table__round__number", "table__number", "position")
    )
    results = SeatResult.objects.filter(result__table__round__event=event)
    places = {
        (table, entrant): place
        for table, entrant, place in results.values_list("result__table_id", "entrant_id", "place")
    }
    knockout = knockout_of(event)
    final = knockout.final_table if knockout else None
    tables: dict = {}
    for seat in seats:
        note = seat.table.explanation
        lane = lane_of(note, knockout=event.format == Knockout.key)
        if not lane:
            continue
        box = tables.setdefault(
            seat.table_id,
            {
                "lane": lane,
                "round": seat.table.round.number,
                "note": note,
                "final": seat.table_id == final,
                "seats": [],
            },
        )
        box["seats"].append((seat.entrant.name, places.get((seat.table_id, seat.entrant_id))))
    return tables


def bracket_svg(event) -> str:
    tables = bracket_tables(event)
    if not tables:
        return ""
    rounds = sorted({box["round"] for box in tables.values()})
    column = {number: i for i, number in enumerate(rounds)}
    # Round numbers along the top, then one lane per bracket.
    parts = [
        f'<text x="{4 + i * COLUMN}" y="14" font-size="12" fill="#555">'
        f"{escape(_('Round %(n)s') % {'n': number})}</text>"
        for i, number in enumerate(rounds)
    ]
    y = 18
    for lane, title in lane_titles().items():
        boxes = [b for b in tables.values() if b["lane"] == lane]
        if not boxes:
            continue
        y += HEADER
        parts.append(
            f'<text x="4" y="{y - 8}" font-size="14" font-weight="bold">{escape(title)}</text>'
        )
        heights = dict.fromkeys(rounds, 0)
        for box in boxes:
            x = 4 + column[box["round"]] * COLUMN
            top = y + heights[box["round"]]
            parts.append(draw_box(box, x, top))
            heights[box["round"]] += len(box["seats"]) * LINE + GAP
        y += max(heights.values())
    width, height = 8 + len(rounds) * COLUMN, y + 4
    title = escape(_("Bracket of %(event)s") % {"event": event.name})
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" class="bracket" aria-label="{title}">'
        f"<title>{title}</title>{''.join(parts)}</svg>"
    )


def draw_box(box, x, top) -> str:
    note, seats = box["note"], box["seats"]
    stay = 1 if note.get("final") else note.get("stay", note.get("advance", 1))
    stage = note.get("bracket", box["lane"])
    crowns = stage in (GRAND_FINAL, RESET) or box["final"]
    parts = [
        f'<rect x="{x}" y="{top}" width="{BOX_WIDTH}" height="{len(seats) * LINE}" '
        f'fill="#fff" stroke="{"#b5462b" if crowns else "#1f5f8b"}"/>'
    ]
    for i, (name, place) in enumerate(seats):
        weight = ' font-weight="bold"' if place == 1 else ""
        if crowns:
            mark = "★ " if place == 1 else ""
        else:
            mark = "▲ " if place is not None and place <= stay else ""
        parts.append(
            f'<text x="{x + 6}" y="{top + (i + 1) * LINE - 5}" font-size="13"{weight}>'
            f"{escape(mark + name[:22])}</text>"
        )
    if stage == RESET:
        parts.append(
            f'<text x="{x + BOX_WIDTH - 4}" y="{top - 3}" font-size="11" text-anchor="end" '
            f'fill="#b5462b">{escape(_("bracket reset"))}</text>'
        )
    return "".join(parts)
