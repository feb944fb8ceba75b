"""Finishing an event: the organiser closes it once every table has its result, and the
standings become final. A finished event takes no new round and no result (an
organiser reopens it to correct one)."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, lifecycle, live, signals
from tournaments.models import Event, Table
from tournaments.notices import notify_finished


def lock_tables_of(event) -> None:
    """Take every table's row lock of ``event``, in one order (by id), before the
    event's: what a result is computed from may change under them (the lock order)."""
    tables = Table.objects.select_for_update(of=("self",)).filter(round__event=event)
    list(tables.order_by("pk").values_list("pk", flat=True))


def check_not_finished(event: Event) -> None:
    """A change to a finished event clashes with its state (409)."""
    if event.status == Event.Status.FINISHED:
        raise Refusal(
            _("The event is finished; an organiser reopens it to change it."), code=CONFLICT
        )


def check_can_finish(event: Event) -> None:
    """A running event finishes when the life cycle allows it: every table of every
    round has its result and no draft round waits."""
    if event.status != Event.Status.RUNNING:
        raise Refusal(
            _("Only a running event can be finished (this one is %(status)s).")
            % {"status": event.get_status_display()}
        )
    state = lifecycle.state_of(event)
    if state.stage == lifecycle.Stage.PLAYING:
        raise open_tables_refusal(event)
    if lifecycle.Act.FINISH not in state.acts:
        raise lifecycle.refusal_for(state)


def open_tables_refusal(event: Event) -> Refusal:
    open_tables = Table.objects.filter(
        round__event=event, is_bye=False, result__isnull=True
    ).select_related("round")
    first = open_tables.order_by("round__number", "number").first()
    count = open_tables.count()
    return Refusal(
        ngettext(
            "%(count)s table has no result yet: table %(table)s of round %(round)s.",
            "%(count)s tables have no result yet, the first one is table %(table)s "
            "of round %(round)s.",
            count,
        )
        % {"count": count, "table": first.number, "round": first.round.number}
    )


def do_finish_event(event: Event, by=None) -> None:
    """Finish under every table's row lock (taken in order, before the event's): a
    result being written lands first and is counted, one arriving later finds the event
    finished (``do_record_result`` reads the status after its table's lock)."""
    with transaction.atomic():
        lock_tables_of(event)
        event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
        check_can_finish(event)
        Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
        event_log.log(event, by, event_log.Action.FINISHED)
        notify_finished(event)
        live.announce_change(event.pk)
        signals.send_on_commit(signals.event_finished, event_id=event.pk)


def do_reopen_event(event: Event, by=None) -> None:
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.status != Event.Status.FINISHED:
            raise Refusal(_("The event is not finished."), code=CONFLICT)
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        event_log.log(event, by, event_log.Action.REOPENED)
        live.announce_change(event.pk)
