"""Running rounds: pair, re-pair, swap seats. Loads the event into the format's plain
Python request, stores the planned tables with their explanations in one transaction."""

import logging
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.bulk_copy import insert_rows
from lib.collector import collections_held
from lib.refusal import CONFLICT, Refusal, attempted
from tournaments import check_in, event_log, lifecycle, live, signals
from tournaments.finishing import check_not_finished
from tournaments.formats import (
    Contender,
    PairingRequest,
    get_format,
)
from tournaments.formats.seating import place_fixed_tables
from tournaments.history import load_history
from tournaments.models import Entrant, Event, Result, Round, Seat, Table
from tournaments.notices import notify_round_paired, notify_seats_swapped
from tournaments.ranking import compute_standings, points_and_ranks, request_standings_update
from tournaments.round_check_in import open_window
from tournaments.round_clock import start_when_published

log = logging.getLogger(__name__)


def contenders(event: Event, round_number: int) -> list[Contender]:
    standing = points_and_ranks(event)
    active = list(
        Entrant.objects.filter(
            event=event, status=Entrant.Status.ACTIVE, joined_round__lte=round_number
        ).values_list("pk", "name", "seed", "club", "fixed_table", "team_id", "board")
    )
    if any(key not in standing for key, *_ in active):
        # One who came in since the standings were stored: ranked now, with the rest.
        computed = compute_standings(event)
        standing = {row["entrant_id"]: (row["points"], row["rank"]) for row in computed}
    return [
        Contender(
            key=key,
            name=name,
            points=standing[key][0],
            rank=standing[key][1],
            seed=seed,
            club=club,
            fixed_table=fixed_table or 0,
            team=team or 0,
            board=board,
        )
        for key, name, seed, club, fixed_table, team, board in active
    ]


def cut_contenders(event: Event) -> list[Contender]:
    """The cut's entrants still in the event, seeded by their rank at the cut."""
    rank = {key: index for index, key in enumerate(event.cut["entrants"], start=1)}
    active = Entrant.objects.filter(event=event, status=Entrant.Status.ACTIVE, pk__in=rank)
    return sorted(
        (
            Contender(
                key=e.pk,
                name=e.name,
                rank=rank[e.pk],
                seed=rank[e.pk],
                club=e.club,
                fixed_table=e.fixed_table or 0,
            )
            for e in active
        ),
        key=lambda c: c.rank,
    )


def pairing_request(event: Event, number: int, seed: int | None = None) -> tuple:
    """The format that pairs round ``number`` (after a cut: the format cut to) and
    what it is asked (with the event's seed, or ``seed``)."""
    if event.in_cut_stage(number):
        fmt = get_format(event.format_type.cut_to)
        entrants = cut_contenders(event)
        history = load_history(event, before=number, after=event.cut["after_round"])
    else:
        fmt = get_format(event.format, event.format_options)
        entrants = contenders(event, number)
        history = load_history(event, before=number, places=fmt.reads_places)
    request = PairingRequest(
        contenders=entrants,
        history=history,
        table_size=event.table_size,
        round_number=number,
        seed=event.seed if seed is None else seed,
        avoid_same_club=event.avoid_same_club,
    )
    return fmt, request


def check_can_pair(
    event: Event, override_reason: str = "", number: int | None = None
) -> tuple[int, lifecycle.Act]:
    """The number of the round to pair next and which action pairing it is (a round
    beyond the plan, or with results missing), or a ``Refusal`` saying why not: the life
    cycle says whether pairing is allowed now and whether it needs a reason (results
    missing, no-shows before round 1, a round beyond the plan). ``number``: the round the
    asker meant to pair (409 when another was paired since)."""
    fmt = get_format(event.format, event.format_options)
    if not fmt.pairs_rounds:
        raise Refusal(_("This format has no rounds to pair."))
    check_not_finished(event)
    state = lifecycle.state_of(event)
    if number is not None and number != state.next_round:
        # The page or task that asked saw an older round: refused, not paired one further.
        raise Refusal(
            _("Round %(asked)s is paired already; the event is at round %(latest)s now.")
            % {"asked": number, "latest": state.latest},
            code=CONFLICT,
        )
    act = state.pairing_act()
    if act not in state.acts:
        raise lifecycle.refusal_for(state)
    if act in lifecycle.NEEDS_REASON and not override_reason.strip():
        raise reason_wanted(event, state)
    return state.next_round, act


def do_pair_automatically(event_id: int, after_round: int) -> Round | None:
    """Round ``after_round`` has its last result: pair the next one if the event says
    so and pairing it is still what comes next (not after the planned rounds, nor
    while entrants wait for a team). Pairing ranks the entrants from the results
    itself while the standings task stores them (storing first cost the next round
    0.9 s at 7,500 entrants). Nobody is asked: a refusal (someone paired it meanwhile,
    a result was withdrawn) leaves the event as it is."""
    event = Event.objects.filter(pk=event_id, pairs_automatically=True).first()
    if event is None:
        return None
    state = lifecycle.state_of(event)
    if state.latest != after_round or state.primary != lifecycle.Act.PAIR:
        return None
    outcome = attempted(do_pair_round, event, number=after_round + 1, automatic=True)
    if outcome.refusal is not None:
        reason = outcome.refusal.message
        log.info("%s: round %s not paired automatically: %s", event, after_round + 1, reason)
    return outcome.answer


def reason_wanted(event: Event, state: lifecycle.State) -> Refusal:
    """Pairing needs the organiser's reason here: what it is for."""
    if state.stage == lifecycle.Stage.SETUP:
        return check_in.no_shows_refusal(check_in.no_shows(event))
    if state.stage == lifecycle.Stage.PLAYING:
        return Refusal(
            ngettext(
                "Round %(number)s still has %(missing)s table without a result; "
                "give a reason to pair anyway.",
                "Round %(number)s still has %(missing)s tables without a result; "
                "give a reason to pair anyway.",
                state.missing,
            )
            % {"number": state.latest, "missing": state.missing},
            field="override_reason",
        )
    return Refusal(
        _(
            "The %(planned)s planned rounds are played: finish the event, or give a "
            "reason to add round %(number)s."
        )
        % {"planned": event.rounds_planned, "number": state.next_round},
        code=CONFLICT,
        field="override_reason",
    )


def do_pair_round(
    event: Event,
    by=None,
    override_reason: str = "",
    drop_no_shows: bool = False,
    number: int | None = None,
    automatic: bool = False,
) -> Round:
    """Pair the next round through the event's format and store it with the reasons;
    who paired it (``by``) goes into the event's log. ``drop_no_shows``: first remove
    the entrants who did not check in (round 1). When the event reviews its pairings
    the round is a draft, seen by organisers only and told to nobody until published.
    ``number``: the round the person meant to pair (a page or a task seen before
    someone else paired it is refused, not paired one round further). ``automatic``:
    paired by the event's setting when the last result came in (its log says so).
    The garbage collector waits meanwhile (``lib.collector``)."""
    with collections_held(), transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if drop_no_shows:
            check_in.drop_no_shows(event, by)
        number, act = check_can_pair(event, override_reason, number)
        draft = event.reviews_round(number)
        round_ = Round.objects.create(
            event=event, number=number, override_reason=override_reason.strip(), draft=draft
        )
        store_tables(event, round_)
        event_log.log(
            event,
            by,
            event_log.Action.EXTRA_ROUND
            if act == lifecycle.Act.EXTRA_ROUND
            else event_log.Action.PAIRED,
            round=number,
            override_reason=round_.override_reason,
            draft=draft,
            **({"automatic": True} if automatic else {}),
        )
        if draft:
            live.announce_change(event.pk)
        else:
            announce(event, round_, by)
            signals.send_on_commit(
                signals.round_published, event_id=event.pk, round_id=round_.pk, paired=True
            )
    return round_


def announce(event: Event, round_: Round, by=None) -> None:
    """The round is under way: the event runs, the standings follow (byes score),
    every seated person is told, its clock starts if the event says so and the event's
    open pages learn of it."""
    if event.status == Event.Status.DRAFT:
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    request_standings_update(event)
    notify_round_paired(round_)
    start_when_published(round_, by)
    open_window(event, round_)
    live.announce_change(event.pk)


def do_publish_round(round_: Round, by=None, basis: int | None = None) -> Round:
    """Publish a draft round: from now on players see it and are told their tables.
    ``basis``: ``check_basis`` (a draft paired again since is not published unseen)."""
    with transaction.atomic():
        round_ = (
            Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_.pk)
        )
        check_not_finished(round_.event)
        if not round_.is_draft:
            raise Refusal(
                _("Round %(number)s is published already.") % {"number": round_.number},
                code="conflict",
            )
        check_basis(round_, basis)
        Round.objects.filter(pk=round_.pk).update(draft=False, revision=F("revision") + 1)
        round_.draft, round_.revision = False, round_.revision + 1
        event_log.log(round_.event, by, event_log.Action.PUBLISHED, round=round_.number)
        announce(round_.event, round_, by)
        signals.send_on_commit(
            signals.round_published, event_id=round_.event_id, round_id=round_.pk, paired=False
        )
    return round_


def do_discard_round(round_: Round, by=None, basis: int | None = None) -> None:
    """Throw away a draft round (nobody but organisers saw it): the event is back where
    it was before it was paired. ``basis``: ``check_basis``."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=round_.event_id)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        check_basis(round_, basis)
        state = lifecycle.require(event, lifecycle.Act.DISCARD)
        if round_.number != state.latest:
            raise Refusal(_("Only the latest round can be discarded."), code=CONFLICT)
        round_.delete()
        event_log.log(event, by, event_log.Action.DISCARDED, round=round_.number)
        live.announce_change(event.pk)


@dataclass(frozen=True)
class TablesWritten:
    """A round's tables as ``store_tables`` wrote them: ``planned`` (``PlannedTable``,
    numbered from 1), the ids they were written with, their seats' in order, and the
    entrants' names by key."""

    planned: list
    table_ids: list[int]
    seat_ids: list[int]
    names: dict


def store_tables(event: Event, round_: Round, seed: int | None = None) -> None:
    """Pair ``round_`` with the event's seed (or ``seed``) and store its tables. The
    round keeps what it wrote (``tables_written``): every id is known before the rows
    are written, so the answer to pairing needs no reading back (at 10,000 entrants
    four queries and the explanations decoded again)."""
    fmt, request = pairing_request(event, round_.number, seed)
    if len(request.contenders) < 2:
        raise Refusal(_("At least two active entrants are needed to pair a round."))
    planned = fixed_tables_kept(fmt.pair(request), request.contenders)
    if event.in_cut_stage(round_.number):
        for table in planned:
            table.explanation["cut"] = event.cut["top"]
    table_ids = insert_rows(
        Table,
        ["round", "number", "explanation", "is_bye"],
        [(round_.pk, n, t.explanation, t.bye) for n, t in enumerate(planned, start=1)],
    )
    seat_ids = insert_rows(
        Seat,
        ["table", "entrant", "position"],
        [
            (pk, key, position)
            for pk, t in zip(table_ids, planned, strict=True)
            for position, key in enumerate(t.seats)
        ],
    )
    names = {c.key: c.name for c in request.contenders}
    round_.tables_written = TablesWritten(planned, table_ids, seat_ids, names)


def fixed_tables_kept(planned: list, entrants: list[Contender]) -> list:
    """The planned tables numbered (played first, then byes) so that everybody with a
    fixed table sits at it, or a refusal naming who cannot."""
    fixed = {c.key: c.fixed_table for c in entrants if c.fixed_table}
    planned, unplaced = place_fixed_tables(planned, fixed)
    if unplaced:
        names = {c.key: c.name for c in entrants}
        played = sum(1 for t in planned if not t.bye)
        raise Refusal(
            _(
                "%(names)s cannot sit at their fixed table this round (it has %(n)s "
                "tables, and one table holds one fixed number): change or clear the fixed "
                "table on the entrants page."
            )
            % {"names": ", ".join(names[key] for key in unplaced), "n": played}
        )
    return planned


def check_basis(round_: Round, basis: int | None) -> None:
    """A change chosen from a page or an answer that showed the round at revision
    ``basis`` is refused once the round moved on (swapped, paired again, published):
    what was chosen may no longer be what is there. ``round_`` is read under its lock;
    no ``basis`` (an older API client): nothing to compare."""
    if basis is not None and round_.revision != basis:
        raise Refusal(
            _(
                "Round %(n)s changed since your page showed it (a swap, a new pairing or "
                "its publication): look at its tables again, then choose again."
            )
            % {"n": round_.number},
            code=CONFLICT,
        )


def check_no_results(round_: Round) -> None:
    if Result.objects.filter(table__round=round_).exists():
        raise Refusal(_("Results are in for this round: it can no longer be changed."))


def lock_tables_of_round(round_: Round) -> None:
    """Take the round's tables' row locks, by id, before the round's (the lock order,
    docs/architecture.md): a result being written holds its table and then marks the
    round complete, so the round first and its tables after would wait in a circle."""
    tables = Table.objects.select_for_update(of=("self",)).filter(round_id=round_.pk)
    list(tables.order_by("pk").values_list("pk", flat=True))


def do_repair_round(
    round_: Round, by=None, differently: bool = False, basis: int | None = None
) -> Round:
    """Throw away a round's tables (before any result) and pair it again; with
    ``differently``, from a new seed (the event's seed and the round's revision), so
    the tables change even when nothing else did. ``basis``: ``check_basis``."""
    with transaction.atomic():
        lock_tables_of_round(round_)
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        check_basis(round_, basis)
        check_no_results(round_)
        if round_.event.rounds.filter(number__gt=round_.number).exists():
            raise Refusal(_("Only the latest round can be paired again."))
        round_.tables.all().delete()
        seed = round_.event.seed + round_.revision + 1 if differently else None
        store_tables(round_.event, round_, seed)
        Round.objects.filter(pk=round_.pk).update(revision=F("revision") + 1)
        round_.revision += 1  # the answer names it: the next change's basis
        live.announce_change(round_.event_id)
        event_log.log(
            round_.event,
            by,
            event_log.Action.REPAIRED,
            round=round_.number,
            **({"seed": seed} if differently else {}),
        )
        if not round_.is_draft:
            request_standings_update(round_.event)
            notify_round_paired(round_)
    return round_


def do_swap_seats(
    round_: Round, first: int, second: int, by=None, basis: int | None = None
) -> None:
    """Exchange the entrants of two seats, by id (same table: their seat order; different
    tables: their tables), before any result of the round, chosen at the round's
    revision ``basis`` (``check_basis``). The two seats are read again under their
    tables' locks, so two swaps at once never seat one entrant twice."""
    with transaction.atomic():
        seats = Seat.objects.filter(table__round=round_, pk__in=[first, second])
        tables = Table.objects.select_for_update(of=("self",))
        tables = tables.filter(pk__in=seats.values("table_id")).order_by("pk")
        list(tables.values_list("pk", flat=True))  # the lock order: tables first
        locked = Round.objects.select_for_update(of=("self",)).select_related("event")
        round_ = locked.get(pk=round_.pk)
        check_basis(round_, basis)
        check_no_results(round_)
        Round.objects.filter(pk=round_.pk).update(revision=F("revision") + 1)
        found = {seat.pk: seat for seat in seats.select_related("table", "entrant")}
        for name, pk in (("first", first), ("second", second)):
            if pk not in found:
                raise Refusal(_("Both seats must be in this round."), field=name)
        one, other = found[first], found[second]
        if one.table.is_bye or other.table.is_bye:
            if one.table_id != other.table_id:
                request_standings_update(round_.event)
        a, b = one.entrant_id, other.entrant_id
        Seat.objects.filter(pk=one.pk).update(entrant_id=b)
        Seat.objects.filter(pk=other.pk).update(entrant_id=a)
        for table in {one.table, other.table}:
            note = dict(table.explanation)
            note["swapped_by_organiser"] = note.get("swapped_by_organiser", 0) + 1
            Table.objects.filter(pk=table.pk).update(explanation=note)
        live.announce_change(round_.event_id)
        if not round_.draft:
            notify_seats_swapped(round_, [one.table_id, other.table_id])
        event_log.log(
            round_.event,
            by,
            event_log.Action.SWAPPED,
            round=round_.number,
            seats=[one.entrant.name, other.entrant.name],
        )
