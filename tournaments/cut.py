"""Cutting a Swiss to a knockout of its best N, in the same event: once every Swiss
round is played and reported, the top N of the standings (in their order) play on in
the format's ``cut_to`` format, seeded by rank.

The line: when the last entrant through and the first left out are equal on points,
the event's tie-break order decided, and the cut keeps why (``event.cut["line"]``: both
names, the deciding key and their values, put in words in the reader's language by
``line_words``); when they are equal on every key, the event's seed draws among those
sharing the rank at the line (their order by name would favour the alphabet).

While the knockout runs the standings are the Swiss's (the rounds before the cut), the
knockout's entrants marked; once its final has its result they count every round and
put the knockout's entrants first (``standings.knockout_places``, ``standings.computing``)."""

import random

from django.db import transaction
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, lifecycle
from tournaments.finishing import check_not_finished
from tournaments.history import current_round
from tournaments.models import Entrant, Event, Round, Table
from tournaments.pairing import do_pair_round
from tournaments.ranking import compute_standings, standings_order
from tournaments.tiebreak_names import TIEBREAK_NAMES

MAX_TOP = 1024


def check_top(top) -> int:
    if type(top) is not int or not 2 <= top <= MAX_TOP:
        raise Refusal(
            _("Cut to a number of entrants from 2 to %(max)s.") % {"max": MAX_TOP}, field="top"
        )
    return top


def check_swiss_over(event: Event) -> int:
    """The number of the last Swiss round, once every planned round has its results."""
    last = current_round(event)
    played = last.number if last else 0
    if played < event.rounds_planned:
        raise Refusal(
            _(
                "%(played)s of the %(planned)s planned rounds are paired: play them all "
                "before the cut."
            )
            % {"played": played, "planned": event.rounds_planned},
            code=CONFLICT,
        )
    open_table = (
        Table.objects.filter(round__event=event, is_bye=False, result__isnull=True)
        .select_related("round")
        .order_by("round__number", "number")
        .first()
    )
    if open_table is not None:
        raise Refusal(
            _("Round %(round)s, table %(table)s has no result yet: enter it before the cut.")
            % {"round": open_table.round.number, "table": open_table.number},
            code=CONFLICT,
        )
    return played


def check_cut(event: Event, top: int) -> tuple[int, list[int], dict | None]:
    """The last Swiss round, the ids of the best ``top`` active entrants by the
    standings and the line's note (``line_note``), or the refusal saying what stands in
    the way."""
    top = check_top(top)
    if not event.format_type.cut_to:
        raise Refusal(_("Only a Swiss can be cut to a knockout of the best."))
    if event.is_cut:
        raise Refusal(
            _("This event is already cut to its top %(n)s.") % {"n": event.cut["top"]},
            code=CONFLICT,
        )
    check_not_finished(event)
    after = check_swiss_over(event)
    active = set(
        Entrant.objects.filter(event=event, status=Entrant.Status.ACTIVE).values_list(
            "pk", flat=True
        )
    )
    if top > len(active):
        raise Refusal(
            _("Only %(n)s entrants are still in: cut to at most %(n)s.") % {"n": len(active)},
            field="top",
        )
    rows = [row for row in compute_standings(event) if row["entrant_id"] in active]
    rows = drawn_at_the_line(rows, top, event.seed)
    return after, [row["entrant_id"] for row in rows[:top]], line_note(event, rows, top)


def drawn_at_the_line(rows: list[dict], top: int, seed) -> list[dict]:
    """``rows`` with those sharing the rank at the line (the last through and the first
    out equal on every key) in an order drawn from the event's seed."""
    if top >= len(rows) or rows[top - 1]["rank"] != rows[top]["rank"]:
        return rows
    tied = [i for i, row in enumerate(rows) if row["rank"] == rows[top]["rank"]]
    group = sorted((rows[i] for i in tied), key=lambda row: row["entrant_id"])
    random.Random(f"{seed}:cut line").shuffle(group)
    drawn = list(rows)
    for i, row in zip(tied, group, strict=True):
        drawn[i] = {**row, "seed_draw": True}
    return drawn


def line_note(event: Event, rows: list[dict], top: int) -> dict | None:
    """Why the last entrant through went through ahead of the first out, when the two
    are equal on points: the first key of the standings' order that tells them apart
    (names and values, for ``line_words``), or the seed's draw."""
    if top >= len(rows) or rows[top - 1]["points"] != rows[top]["points"]:
        return None
    through, out = rows[top - 1], rows[top]
    pair = [through["entrant_id"], out["entrant_id"]]
    names = dict(Entrant.objects.filter(pk__in=pair).values_list("pk", "name"))
    note = {
        "through": names[through["entrant_id"]],
        "out": names[out["entrant_id"]],
        "points": through["points"],
    }
    if through.get("seed_draw"):
        return {**note, "by": "seed"}
    if (through["games"] > 0) != (out["games"] > 0):
        return {**note, "by": "played", "values": [through["games"], out["games"]]}
    for key in standings_order(event):
        a, b = through["tiebreaks"].get(key), out["tiebreaks"].get(key)
        if key != "points" and a != b:
            return {**note, "by": key, "values": [a, b]}
    return {**note, "by": "seed"}


def number(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def line_words(cut: dict) -> str:
    """The cut's line in the reader's language, or "" when no tie was on it."""
    note = cut.get("line")
    if not note:
        return ""
    words = {"through": note["through"], "out": note["out"], "points": number(note["points"])}
    if note["by"] == "seed":
        return (
            _(
                "%(through)s goes through ahead of %(out)s on the event's seed: they are "
                "equal on points (%(points)s each) and on every tie-break, so the seed drew."
            )
            % words
        )
    a, b = note["values"]
    words.update(tiebreak=TIEBREAK_NAMES.get(note["by"], note["by"]), a=number(a), b=number(b))
    return (
        _(
            "%(through)s goes through ahead of %(out)s on %(tiebreak)s, %(a)s against %(b)s "
            "(equal on points: %(points)s each)."
        )
        % words
    )


def cut_answer(event: Event) -> dict:
    """The cut as the API tells it: the top, the last Swiss round, the entrants through
    by name in seed order, and the line in the reader's language (null: no tie on it)."""
    names = dict(Entrant.objects.filter(pk__in=event.cut["entrants"]).values_list("pk", "name"))
    return {
        "top": event.cut["top"],
        "after_round": event.cut["after_round"],
        "entrants": [names.get(key, "") for key in event.cut["entrants"]],
        "line": line_words(event.cut) or None,
    }


def do_cut(event: Event, top: int, by=None) -> Round:
    """Start the knockout of the best ``top`` and pair its first round."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        after, best, line = check_cut(event, top)
        lifecycle.require(event, lifecycle.Act.CUT)
        event.cut = {"top": top, "after_round": after, "entrants": best}
        if line:
            event.cut["line"] = line
        Event.objects.filter(pk=event.pk).update(cut=event.cut)
        event_log.log(event, by, event_log.Action.CUT, top=top, after_round=after)
        return do_pair_round(event, by=by)
