"""How far each entrant got in a knockout: the knockout a Swiss was cut to (its rounds
after ``event.cut["after_round"]``) or an event of the knockout format (every round).

The final is the first knockout round of one table and no bye (two seats: the last
two; heats: the table the format marks ``final``). Once its result is in the knockout
is decided and the final standings put its entrants first
(``standings.compute_standings``): by the last round each played, later first, then by
their place at that table (the final's winner 1, its runner-up 2, at a final of three
or four the final's places), then by their seed (the Swiss rank at the cut, or the
standings). While it runs, the standings are the Swiss's and mark who is still in."""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.models import Entrant, Event, Seat, SeatResult

KNOCKOUT_FORMAT = "knockout"


@dataclass
class Knockout:
    """The knockout's tables as played: per entrant the last round they sat in and their
    place there (None: no result yet); the final's table, and its winner once decided."""

    seeds: list  # entrant ids, best seed first (a pure knockout: empty, the caller's order)
    reached: dict = field(default_factory=dict)  # entrant -> (round, place or None)
    final_table: int | None = None
    final_round: int | None = None
    winner: int | None = None
    out: dict = field(default_factory=dict)  # entrant -> the round they went out in
    # Over without a final: every table of the last round has its result and at most
    # one of its entrants is still in (the others dropped), as the format ends it.
    ended_early: bool = False

    @property
    def decided(self) -> bool:
        return self.winner is not None or self.ended_early

    def still_in(self, entrant) -> bool:
        """In the knockout and not out yet (no place beyond those who go through)."""
        return entrant in self.reached and entrant not in self.out

    def order(self, seed_order: list) -> list:
        """The knockout's entrants, best first: its winner, then the last round played
        (later first), the place at that table, then ``seed_order`` (entrant ids, best
        first)."""
        seed = {e: i for i, e in enumerate(seed_order)}
        return sorted(
            self.reached,
            key=lambda e: (
                e != self.winner,
                -self.reached[e][0],
                self.reached[e][1] or 10**6,
                seed.get(e, 10**6),
            ),
        )


def knockout_rounds_after(event: Event) -> int | None:
    """The number of the last round before the knockout, or None: no knockout."""
    if event.is_cut:
        return event.cut["after_round"]
    if event.format == KNOCKOUT_FORMAT:
        return 0
    return None


def knockout_of(event: Event) -> Knockout | None:
    """The event's knockout as played so far, or None when it has none."""
    after = knockout_rounds_after(event)
    if after is None:
        return None
    seated = list(
        Seat.objects.filter(
            table__round__event=event,
            table__round__draft=False,
            table__round__number__gt=after,
        )
        .order_by("table__round__number", "table__number", "position")
        .values_list(
            "entrant_id", "table_id", "table__round__number", "table__is_bye", "table__explanation"
        )
    )
    results = SeatResult.objects.filter(
        result__table__round__event=event, result__table__round__number__gt=after
    ).values_list("result__table_id", "entrant_id", "place")
    places = {(table, entrant): place for table, entrant, place in results}
    knockout = Knockout(seeds=list(event.cut.get("entrants", [])) if event.is_cut else [])
    rounds: dict = {}  # round -> its tables and its byes
    for _entrant, table, number, is_bye, _note in seated:
        shape = rounds.setdefault(number, {"tables": set(), "byes": set()})
        shape["byes" if is_bye else "tables"].add(table)
    knockout.final_round = next(
        (n for n in sorted(rounds) if len(rounds[n]["tables"]) == 1 and not rounds[n]["byes"]),
        None,
    )
    if knockout.final_round is not None:
        (knockout.final_table,) = rounds[knockout.final_round]["tables"]
    for entrant, table, number, is_bye, note in seated:
        if knockout.final_round is not None and number > knockout.final_round:
            continue  # a round paired after the final counts for no place
        place = None if is_bye else places.get((table, entrant))
        knockout.reached[entrant] = (number, place)
        through = 1 if "advance" not in note else note["advance"]
        if not is_bye and place is not None and place > through:
            knockout.out.setdefault(entrant, number)
        if table == knockout.final_table and place == 1 and knockout.winner is None:
            knockout.winner = entrant
    if rounds and knockout.winner is None:
        end_early(event, knockout, seated, places, max(rounds))
    return knockout


def end_early(event: Event, knockout: Knockout, seated: list, places: dict, last: int) -> None:
    """A knockout whose last round has every result and sends on at most one entrant
    still in (the others dropped) is over: the one left, if any, wins it."""
    through = []
    for entrant, table, number, is_bye, note in seated:
        if number != last:
            continue
        place = places.get((table, entrant))
        if not is_bye and place is None:
            return  # the round is still being played
        if is_bye or place <= note.get("advance", 1):
            through.append(entrant)
    left = list(
        Entrant.objects.filter(
            event=event, status=Entrant.Status.ACTIVE, pk__in=through
        ).values_list("pk", flat=True)
    )
    if len(left) < 2:
        knockout.ended_early = True
        knockout.winner = left[0] if left else None


def decided_knockout(event: Event) -> Knockout | None:
    """The event's knockout once its final has its result, else None."""
    knockout = knockout_of(event)
    return knockout if knockout is not None and knockout.decided else None


def knockout_marks(event: Event) -> dict:
    """Each knockout entrant's mark beside their name in the standings: while the
    knockout runs, in it or out of it (the standings are still the Swiss's); once
    decided, its winner's."""
    knockout = knockout_of(event)
    if knockout is None:
        return {}
    if knockout.decided:
        return {knockout.winner: _("wins the final")} if knockout.winner else {}
    return {
        entrant: (
            _("out of the knockout in round %(n)s") % {"n": knockout.out[entrant]}
            if entrant in knockout.out
            else _("in the knockout")
        )
        for entrant in knockout.reached
    }


def standings_note(event: Event) -> str:
    """What the standings are while a knockout runs (said above them), or ""."""
    knockout = knockout_of(event)
    if knockout is None or knockout.decided:
        return ""
    if event.is_cut:
        return _(
            "The standings of the Swiss rounds, as at the cut: once the knockout's final "
            "has its result, the knockout's places come first and every round counts."
        )
    return _("Once the final has its result, the standings follow the bracket.")
