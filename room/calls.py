"""Judge calls (``room.models.JudgeCall``): a table calls, a judge claims, escalates to
the head judge (the event's organisers) or resolves, and the time from the claim to the
resolution, over a minute, is given to the table as extra minutes on the round clock
with one tap. Each step is audited at the table (``scoring.audit``: the table's and the
desk's pages follow it), names the call as the page showed it (``basis``) and holds the
table's row lock (the lock order's table level), the call's row under it."""

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, transaction
from django.db.models import CharField, Max, Sum
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from room.models import JudgeCall
from scoring import audit
from scoring.slips import check_slip
from scoring.submissions import locked_table
from tournaments.models import Result, Round, Table
from tournaments.permissions import can_settle_table, is_event_organiser, is_player_of_table
from tournaments.round_clock import do_clock

Status = JudgeCall.Status
MOST_REASON = 300


def check_may_call(by, table: Table, slip=None) -> None:
    if slip is not None:
        check_slip(slip, table)
    elif not (is_player_of_table(by, table) or is_event_organiser(by, table.round.event)):
        raise PermissionDenied(_("Only the players of this table call a judge for it."))
    if table.round.draft or table.is_bye or table.round.event.is_finished:
        raise Refusal(_("This table is not being played: no judge is called to it."), code=CONFLICT)


def check_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if len(reason) > MOST_REASON:
        raise Refusal(_("Say it in at most %(n)d characters.") % {"n": MOST_REASON}, field="reason")
    return reason


def do_call_judge(table: Table, by, reason: str = "", slip=None) -> JudgeCall:
    """A table asks for a judge: refused while it has a call not resolved, and once it
    has its result (there is nothing left to judge)."""
    check_may_call(by, table, slip)
    reason = check_reason(reason)
    try:
        with transaction.atomic():
            table = locked_table(table.pk)
            if Result.objects.filter(table=table).exists():
                raise Refusal(
                    _("Table %(n)s has its result: a judge is no longer called to it.")
                    % {"n": table.number},
                    code=CONFLICT,
                )
            call = JudgeCall.objects.create(
                event_id=table.round.event_id, table=table, caller=by, reason=reason
            )
            audit.log(table, by, "judge called", reason=reason)
    except IntegrityError:
        raise Refusal(
            _("A judge has been called to this table already: they are on their way."),
            code=CONFLICT,
        ) from None
    return call


def locked_call(call_id: int, by, basis: str | None) -> JudgeCall:
    """The call under its table's lock, checked against what the page showed."""
    call = JudgeCall.objects.select_related("table__round__event").filter(pk=call_id).first()
    if call is None:
        raise Http404
    if not can_settle_table(by, call.table):
        raise PermissionDenied(_("Only a judge of this table or an organiser answers its call."))
    locked_table(call.table_id)
    call = (
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("table__round__event", "judge")
        .get(pk=call_id)
    )
    if basis is not None and basis != call.basis:
        raise Refusal(
            _("Someone answered this call since you opened the page: look at it again."),
            field="basis",
            code=CONFLICT,
        )
    return call


def saved(call: JudgeCall, by, action: str, **fields) -> JudgeCall:
    for name, value in fields.items():
        setattr(call, name, value)
    call.revision += 1
    call.save(update_fields=[*fields, "revision"])
    audit.log(call.table, by, action, reason=call.reason)
    return call


@transaction.atomic
def do_claim(call_id: int, by, basis: str | None = None) -> JudgeCall:
    call = locked_call(call_id, by, basis)
    if not call.is_open:
        raise Refusal(_("This call has been claimed already."), code=CONFLICT)
    return saved(call, by, "call claimed", status=Status.CLAIMED, judge=by, claimed_at=now())


@transaction.atomic
def do_escalate(call_id: int, by, basis: str | None = None) -> JudgeCall:
    """Send the call to the head judge: the event's organisers answer it now."""
    call = locked_call(call_id, by, basis)
    if call.status not in (Status.OPEN, Status.CLAIMED):
        raise Refusal(_("Only a call waiting or claimed is sent on."), code=CONFLICT)
    claimed = call.claimed_at or now()
    return saved(
        call, by, "call escalated", status=Status.ESCALATED, escalated_at=now(), claimed_at=claimed
    )


@transaction.atomic
def do_resolve(call_id: int, by, basis: str | None = None) -> JudgeCall:
    call = locked_call(call_id, by, basis)
    if call.status not in (Status.CLAIMED, Status.ESCALATED):
        raise Refusal(_("Claim the call first: the table then sees who is coming."), code=CONFLICT)
    if call.is_escalated and not is_event_organiser(by, call.table.round.event):
        raise PermissionDenied(_("The head judge resolves a call sent to them."))
    return saved(call, by, "call resolved", status=Status.RESOLVED, resolved_at=now())


@transaction.atomic
def do_give_extra_minutes(call_id: int, by, basis: str | None = None) -> JudgeCall:
    """Give the table the minutes its call held the game up (one tap on the judges'
    page), on the round's clock: once per call."""
    call = locked_call(call_id, by, basis)
    minutes = call.paused_minutes
    if not call.is_resolved or not minutes or call.extra_minutes is not None:
        raise Refusal(_("This call has no extra minutes to give."), code=CONFLICT)
    do_clock(call.table.round, "extend", by=by, minutes=minutes, table=call.table.number)
    return saved(call, by, "extra minutes", extra_minutes=minutes)


def now():
    return timezone.now()


def calls_stamp(event_id: int) -> str:
    """What the judges' page follows: a call made, or any step of one."""
    found = JudgeCall.objects.filter(event_id=event_id).aggregate(
        newest=Max("pk"), steps=Sum("revision")
    )
    return f"{found['newest'] or 0}-{found['steps'] or 0}"


def open_call_annotation() -> dict:
    """The table page's annotation (``scoring.views.common.register_table_annotation``):
    the status of the table's call not yet resolved (None: none), so that a player's
    page reads the call only while there is one."""
    calls = connection.ops.quote_name(JudgeCall._meta.db_table)
    sql = (
        f"SELECT c.status FROM {calls} c WHERE c.table_id = {{table}}.id"
        f" AND c.status IN ({', '.join(['%s'] * len(JudgeCall.UNRESOLVED))})"
    )
    return {"open_call_status": (sql, [str(s) for s in JudgeCall.UNRESOLVED], CharField())}


def open_call_of(table: Table) -> JudgeCall | None:
    """The table's call not yet resolved, with its judge (the caller's page shows who).
    A table read with its page's annotation that found none costs no query."""
    if hasattr(table, "open_call_status") and table.open_call_status is None:
        return None
    return (
        JudgeCall.objects.filter(table=table, status__in=JudgeCall.UNRESOLVED)
        .select_related("judge")
        .first()
    )


def calls_for_judges(event, by) -> list[JudgeCall]:
    """The event's calls not resolved, the longest waiting first (escalated ones first
    for the head judge), then the last resolved ones still owed extra minutes."""
    unresolved = list(
        JudgeCall.objects.filter(event=event, status__in=JudgeCall.UNRESOLVED)
        .select_related("table__round", "judge", "caller")
        .order_by("created_at", "pk")
    )
    if is_event_organiser(by, event):
        unresolved.sort(key=lambda call: not call.is_escalated)
    owed = [
        call
        for call in JudgeCall.objects.filter(
            event=event, status=Status.RESOLVED, extra_minutes__isnull=True
        )
        .select_related("table__round", "judge", "caller")
        .order_by("-resolved_at")[:20]
        if call.paused_minutes and call.table.round.status != Round.Status.COMPLETE
    ]
    return unresolved + owed
