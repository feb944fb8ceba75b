"""Cutting a Swiss to a knockout of its best N, in the same event: once every Swiss
round is played and reported, the top N of the standings (in their order, ties as the
standings list them) play on in the format's ``cut_to`` format, seeded by rank. The
Swiss standings stay as they were: they count only the rounds before the cut."""

from django.db import transaction
from django.utils.translation import gettext as _

from refusal import CONFLICT, Refusal
from tournaments import event_log, lifecycle
from tournaments.finishing import check_not_finished
from tournaments.history import current_round
from tournaments.models import Entrant, Event, Round, Table
from tournaments.pairing import do_pair_round
from tournaments.standings import compute_standings

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


def check_cut(event: Event, top: int) -> tuple[int, list[int]]:
    """The last Swiss round and the ids of the best ``top`` active entrants by the
    standings, or the refusal saying what stands in the way."""
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
    ranked = [row["entrant_id"] for row in compute_standings(event) if row["entrant_id"] in active]
    return after, ranked[:top]


def do_cut(event: Event, top: int, by=None) -> Round:
    """Start the knockout of the best ``top`` and pair its first round."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        after, best = check_cut(event, top)
        lifecycle.require(event, lifecycle.Act.CUT)
        event.cut = {"top": top, "after_round": after, "entrants": best}
        Event.objects.filter(pk=event.pk).update(cut=event.cut)
        event_log.log(event, by, event_log.Action.CUT, top=top, after_round=after)
        return do_pair_round(event, by=by)
