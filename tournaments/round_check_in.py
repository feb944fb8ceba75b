"""Check-in every round (the event's ``round_check_in``, in minutes): when a round is
published its check-in window opens; each seated player checks in for it (themself,
from the table page or its slip, or an organiser for them) until the window closes.
Closing it (on time, by the beat task, or earlier by an organiser when the life cycle
offers it) writes a *forfeit* for every seat of a table without a result whose player
did not check in: the seat is placed last at the table (``place_forfeits_last``, asked
by every result written). That is the only result the rule makes up: a table where one
player came and everyone else forfeited gives that player the win (``Result.Source
.FORFEIT``); a table nobody came to has no result until an organiser voids it. An
organiser may undo a forfeit with a reason; with ``no_show_drops`` a second forfeit in
a row drops the entrant (undoing it puts them back).

The lock order (docs/architecture.md): the round's open tables (in id order), the round,
then the event (``no_key``)."""

from datetime import timedelta

from django.db import connection, transaction
from django.db.models import IntegerField
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, live
from tournaments.models import Entrant, Event, Forfeit, Round, RoundCheckIn, Seat


def open_window(event: Event, round_: Round) -> None:
    """The round is published: its check-in window opens now (with the option on)."""
    if event.round_check_in:
        closes = timezone.now() + timedelta(minutes=event.round_check_in)
        Round.objects.filter(pk=round_.pk).update(check_in_closes_at=closes)
        round_.check_in_closes_at = closes


def window_open(round_: Round) -> bool:
    """Players may check in for ``round_`` now."""
    return (
        round_.check_in_closes_at is not None
        and round_.check_in_closed_at is None
        and round_.check_in_closes_at > timezone.now()
    )


def seat_of(round_: Round, entrant: Entrant) -> Seat:
    """The entrant's seat at a played table of the round, or a refusal."""
    seat = (
        Seat.objects.filter(table__round=round_, table__is_bye=False, entrant=entrant)
        .select_related("table")
        .first()
    )
    if seat is None:
        raise Refusal(
            _("%(name)s has no table in round %(n)s.") % {"name": entrant.name, "n": round_.number},
            field="entrant",
        )
    return seat


def do_check_in_for_round(round_: Round, entrant: Entrant, by=None, from_slip=False) -> bool:
    """``entrant`` is here for ``round_`` (checking in again changes nothing); whether
    this call checked them in. Refused once the window is closed: then only an
    organiser's undo of the forfeit, with a reason, counts them in."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update(of=("self",)).get(pk=round_.pk)
        if round_.check_in_closes_at is None:
            raise Refusal(_("This round has no check-in."), code=CONFLICT)
        if not window_open(round_):
            raise Refusal(
                _("Check-in for round %(n)s is closed; an organiser can undo a forfeit.")
                % {"n": round_.number},
                code=CONFLICT,
            )
        seat_of(round_, entrant)
        _row, created = RoundCheckIn.objects.get_or_create(
            round=round_, entrant=entrant, defaults={"by": by, "from_slip": from_slip}
        )
        if created and by is not None and by.pk != entrant.user_id:
            event_log.log(
                round_.event,
                by,
                event_log.Action.ROUND_CHECKED_IN,
                round=round_.number,
                entrant=entrant.name,
            )
        if created:
            live.announce_change(round_.event_id)
    return created


def entrant_at(round_: Round, table_number, seat_number) -> Entrant:
    """The entrant in seat ``seat_number`` (from 1) of table ``table_number`` of the
    round, as a page's form names them; a refusal naming the field otherwise."""
    try:
        table_number, position = int(table_number), int(seat_number) - 1
    except (TypeError, ValueError):
        raise Refusal(_("Choose a seat of a table of this round."), field="seat") from None
    seat = (
        Seat.objects.filter(table__round=round_, table__number=table_number, position=position)
        .select_related("entrant")
        .first()
    )
    if seat is None:
        raise Refusal(_("Choose a seat of a table of this round."), field="seat")
    return seat.entrant


def check_in_stamp_annotation() -> dict:
    """The table page's annotation that is part of its stamp (``scoring.table_changes``):
    how many of the table's players checked in for its round, plus its forfeits written
    and undone, as one number, so the check-in card at the table, drawn in its live
    part, follows every check-in, forfeit and undoing. A table has at most a few dozen
    seats, so the three counts cannot stand for one another."""
    quote = connection.ops.quote_name
    check_ins, seats = quote(RoundCheckIn._meta.db_table), quote(Seat._meta.db_table)
    forfeits = quote(Forfeit._meta.db_table)
    sql = (
        f"SELECT (SELECT COUNT(*) FROM {check_ins} c JOIN {seats} s"
        f" ON s.entrant_id = c.entrant_id WHERE s.table_id = {{table}}.id"
        f" AND c.round_id = {{table}}.round_id)"
        f" + 1000 * (SELECT COUNT(*) FROM {forfeits} f WHERE f.table_id = {{table}}.id)"
        f" + 1000000 * (SELECT COUNT(f.undone_at) FROM {forfeits} f"
        f" WHERE f.table_id = {{table}}.id)"
    )
    return {"check_in_stamp": (sql, [], IntegerField())}
