"""Closing a round's check-in (check-in every round, ``tournaments.round_check_in``) and
undoing its forfeits. The life cycle decides: a round's check-in is closed with
forfeits only while ``tournaments.lifecycle`` offers "Close the check-in" (the latest
round, being played); a forfeit is undone only while its round is the latest and the
event is not finished. The lock order: the round's open tables (by id), the round, the
event (``no_key``), then the standings rows (a drop)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, lifecycle, live
from tournaments.models import Entrant, Event, Forfeit, Result, Round, RoundCheckIn, Seat, Table
from tournaments.ranking import request_standings_update, store_entrants_change
from tournaments.results import SeatOutcome, do_record_result, lock_table

MAX_UNDO_REASON = 500


def due_rounds() -> list[int]:
    """The rounds whose check-in window has passed and is not closed yet."""
    due = Round.objects.filter(
        check_in_closes_at__lte=timezone.now(), check_in_closed_at__isnull=True
    )
    return list(due.order_by("pk").values_list("pk", flat=True))


def do_close_check_in(round_: Round, by=None) -> list[Forfeit]:
    """Close the round's check-in and write its forfeits, once. ``by``: the organiser
    closing it early (the life cycle's 409 when it does not offer it, as after a first
    close); None: the window's time is up (a second run does nothing; where the life
    cycle has moved on, the window is closed with no forfeit)."""
    with transaction.atomic():
        open_tables = Table.objects.select_for_update(of=("self",)).filter(
            round_id=round_.pk, is_bye=False, result__isnull=True
        )
        tables = list(open_tables.order_by("pk"))
        round_ = Round.objects.select_for_update(of=("self",)).get(pk=round_.pk)
        event = Event.objects.select_for_update(no_key=True).get(pk=round_.event_id)
        state = lifecycle.state_of(event)
        if round_.check_in_closed_at is not None and by is None:
            return []  # the beat task again, or late
        offered = (
            lifecycle.Act.CLOSE_CHECK_IN in state.acts
            and state.latest == round_.number
            and round_.check_in_closed_at is None
        )
        if by is not None and not offered:
            raise lifecycle.refusal_for(state)
        Round.objects.filter(pk=round_.pk).update(check_in_closed_at=timezone.now())
        forfeits = write_forfeits(event, round_, tables) if offered else []
        event_log.log(
            event,
            by,
            event_log.Action.CHECK_IN_CLOSED,
            round=round_.number,
            forfeits=[f.entrant.name for f in forfeits],
            dropped=[f.entrant.name for f in forfeits if f.dropped],
        )
        live.announce_change(event.pk)
    return forfeits


def write_forfeits(event: Event, round_: Round, tables: list[Table]) -> list[Forfeit]:
    """A forfeit for every seat of ``tables`` whose person did not check in (a bot is
    always here); the win to the one player who came, where only one did."""
    here = set(RoundCheckIn.objects.filter(round=round_).values_list("entrant_id", flat=True))
    seats = Seat.objects.filter(table__in=tables).select_related("entrant").order_by("position")
    by_table: dict[int, list[Seat]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat)
    forfeits = []
    for table in tables:
        seated = by_table.get(table.pk, [])
        absent = [s for s in seated if s.entrant_id not in here and not s.entrant.bot_id]
        forfeits += [
            Forfeit(round=round_, table=table, entrant=s.entrant, position=s.position)
            for s in absent
        ]
    drop_repeat_no_shows(event, round_, forfeits)
    Forfeit.objects.bulk_create(forfeits)
    for table in tables:
        seated = by_table.get(table.pk, [])
        gone = {f.position for f in forfeits if f.table_id == table.pk}
        if gone and len(seated) - len(gone) == 1:
            win_for_the_one_who_came(table, seated, gone)
    return forfeits


def win_for_the_one_who_came(table: Table, seated: list[Seat], gone: set[int]) -> None:
    """The forfeit rule's one result: the player who checked in first, the rest last."""
    outcomes = [SeatOutcome(s.position, 0, 2 if s.position in gone else 1) for s in seated]
    do_record_result(table, outcomes, Result.Source.FORFEIT, detail={"forfeit_rule": True})


def drop_repeat_no_shows(event: Event, round_: Round, forfeits: list[Forfeit]) -> None:
    """With ``no_show_drops``: an entrant whose previous played round was a forfeit too
    is dropped after this round (marked on the forfeit, so undoing it puts them back)."""
    if not event.no_show_drops or not forfeits:
        return
    for forfeit in forfeits:
        before = (
            Seat.objects.filter(
                entrant=forfeit.entrant,
                table__is_bye=False,
                table__round__event=event,
                table__round__number__lt=round_.number,
            )
            .order_by("-table__round__number")
            .values_list("table__round_id", flat=True)
            .first()
        )
        forfeit.dropped = (
            before is not None
            and Forfeit.objects.filter(
                round_id=before, entrant=forfeit.entrant, undone_at__isnull=True
            ).exists()
        )
    dropped = [f.entrant_id for f in forfeits if f.dropped]
    if dropped:
        Entrant.objects.filter(pk__in=dropped).update(
            status=Entrant.Status.DROPPED,
            dropped_after_round=round_.number,
            drop_reason=Entrant.DropReason.NO_SHOW,
        )
        store_entrants_change(event)


def check_undo_reason(reason) -> str:
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason or len(reason) > MAX_UNDO_REASON:
        raise Refusal(
            _("Say why the forfeit is undone (at most %(max)d characters).")
            % {"max": MAX_UNDO_REASON},
            field="reason",
        )
    return reason


def do_undo_forfeit(forfeit: Forfeit, by, reason: str) -> Forfeit:
    """An organiser's decision, with a reason, that ``forfeit`` counts for nothing: a
    result the forfeit rule made from it is taken back (the table is open again); one
    the players or an organiser entered stands (change it at the results desk); an
    entrant it dropped is back in."""
    reason = check_undo_reason(reason)
    with transaction.atomic():
        lock_table(forfeit.table)
        round_ = Round.objects.select_for_update(of=("self",)).get(pk=forfeit.round_id)
        event = Event.objects.select_for_update(no_key=True).get(pk=round_.event_id)
        forfeit = Forfeit.objects.select_related("entrant").get(pk=forfeit.pk)
        if not forfeit.stands:
            raise Refusal(_("This forfeit is undone already."), code=CONFLICT)
        lifecycle.require_round_open(event, round_.number)
        Forfeit.objects.filter(pk=forfeit.pk).update(
            undone_at=timezone.now(), undone_by=by, undo_reason=reason
        )
        take_back_rule_result(event, round_, forfeit.table_id)
        if forfeit.dropped:
            Entrant.objects.filter(pk=forfeit.entrant_id).update(
                status=Entrant.Status.ACTIVE, dropped_after_round=None, drop_reason=""
            )
            store_entrants_change(event)
        event_log.log(
            event,
            by,
            event_log.Action.FORFEIT_UNDONE,
            round=round_.number,
            entrant=forfeit.entrant.name,
            reason=reason,
        )
        live.announce_change(event.pk)
    forfeit.refresh_from_db()
    return forfeit


def take_back_rule_result(event: Event, round_: Round, table_id: int) -> None:
    """The table's result, when the forfeit rule wrote it, has nothing behind it now."""
    taken = Result.objects.filter(table_id=table_id, source=Result.Source.FORFEIT).delete()[0]
    if taken:
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.PAIRED)
        request_standings_update(event)
