"""The round clock: how long a round has left, for the room and for each table.

A round's clock *starts* when the round is published (the event's ``clock_starts``,
with its ``round_minutes``) or when an organiser starts it; it *ends at* a moment that a
pause holds (``clock_paused_at``: what is left is ``ends_at - paused_at``), a resume
moves on by the time paused, and an extension moves on for everyone. A judge's ruling
gives one table *extra minutes* (``clock_extra``, by the table's number), added to that
table's end only. Every change bumps ``clock_revision`` (what a change says it was based
on: a stale one is refused), goes into the event's log and is announced to the pages
waiting on the event (``tournaments.live``). At zero the pages show the event's
``time_rule`` (or ``DEFAULT_TIME_RULE``).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import TextChoices
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from lib.refusal import CONFLICT, Refusal
from tournaments import event_log, live
from tournaments.models import DEFAULT_TIME_RULE, ClockStart, Round

# One extension (or a start) is at most this long, and a table's extra minutes in all.
MAX_EXTEND_MINUTES = 120
MAX_START_MINUTES = 600
MAX_TABLE_EXTRA_MINUTES = 240


class ClockAction(TextChoices):
    START = "start", gettext_lazy("start")
    PAUSE = "pause", gettext_lazy("pause")
    RESUME = "resume", gettext_lazy("resume")
    EXTEND = "extend", gettext_lazy("extend")


def is_started(round_: Round) -> bool:
    return round_.clock_ends_at is not None


def is_paused(round_: Round) -> bool:
    return round_.clock_paused_at is not None


def seconds_left(round_: Round, now: datetime, table_number: int | None = None) -> float | None:
    """What is left of the round (for ``table_number``: with its extra minutes), or
    None before the clock starts; below zero once time is up."""
    if not is_started(round_):
        return None
    counted_to = round_.clock_paused_at or now
    extra = round_.clock_extra.get(str(table_number), 0) if table_number is not None else 0
    return (round_.clock_ends_at - counted_to).total_seconds() + 60 * extra


def time_rule(event) -> str:
    return event.time_rule or str(DEFAULT_TIME_RULE)


def clock_of(round_: Round) -> dict:
    """The clock as the API and the pages' scripts read it (no "now" in it: the answer
    is cached with the round; the server's time goes beside it)."""
    paused = is_paused(round_)
    left = seconds_left(round_, round_.clock_paused_at) if paused else None
    return {
        "started": is_started(round_),
        "ends_at": None if paused else round_.clock_ends_at,
        "paused": paused,
        "remaining_seconds": None if left is None else round(left),
        "extra_minutes_by_table": dict(round_.clock_extra),
        "revision": round_.clock_revision,
        "time_rule": time_rule(round_.event),
    }


@dataclass(frozen=True)
class Change:
    """What an organiser asked of the clock, and when."""

    now: datetime
    minutes: int | None = None
    table: int | None = None


def check_minutes(minutes, most: int) -> int:
    if type(minutes) is not int or not 1 <= minutes <= most:
        raise Refusal(_("Give 1 to %(max)d minutes.") % {"max": most}, field="minutes")
    return minutes


def check_not_stale(round_: Round, revision: int | None) -> None:
    if revision is not None and revision != round_.clock_revision:
        raise Refusal(
            _(
                "Someone changed round %(n)s's clock since this page was opened: look at "
                "it again, then try again."
            )
            % {"n": round_.number},
            field="revision",
            code=CONFLICT,
        )


def check_can_run(round_: Round) -> None:
    if round_.is_draft:
        raise Refusal(
            _("Round %(n)s is a draft: publish it, then start its clock.") % {"n": round_.number},
            code=CONFLICT,
        )
    if round_.event.is_finished:
        raise Refusal(_("The event is finished: its clock stays as it is."), code=CONFLICT)


def do_clock(
    round_: Round,
    action: str,
    by=None,
    minutes: int | None = None,
    table: int | None = None,
    revision: int | None = None,
) -> Round:
    """Carry out ``action`` on the round's clock under the round's row lock; refuse
    (``Refusal``, nothing changed) one that the clock's state makes impossible, or
    that was based on an older ``revision``. ``table``: extend that table only."""
    if action not in ClockAction.values:
        raise Refusal(_("The clock's actions: start, pause, resume, extend."), field="action")
    with transaction.atomic():
        round_ = (
            Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_.pk)
        )
        check_not_stale(round_, revision)
        check_can_run(round_)
        if table is not None and action != ClockAction.EXTEND:
            raise Refusal(_("Only an extension is given to one table."), field="table")
        detail = ACTIONS[action](round_, Change(timezone.now(), minutes, table))
        round_.clock_revision += 1
        round_.save(
            update_fields=["clock_ends_at", "clock_paused_at", "clock_extra", "clock_revision"]
        )
        log_clock(round_, by, action, **detail)
    return round_


def log_clock(round_: Round, by, action: str, **detail) -> None:
    ends_at = round_.clock_ends_at.isoformat() if round_.clock_ends_at else None
    event_log.log(
        round_.event,
        by,
        event_log.Action.CLOCK,
        round=round_.number,
        clock=action,
        ends_at=ends_at,
        **detail,
    )
    live.announce_change(round_.event_id)


def start(round_: Round, change: Change) -> dict:
    if is_started(round_):
        raise Refusal(
            _("Round %(n)s's clock has started already: pause, resume or extend it.")
            % {"n": round_.number},
            code=CONFLICT,
        )
    if round_.status == Round.Status.COMPLETE:
        raise Refusal(
            _("Round %(n)s has every result already: its clock is not needed.")
            % {"n": round_.number},
            code=CONFLICT,
        )
    minutes = change.minutes
    if minutes is None:
        minutes = round_.event.round_minutes
        if minutes is None:
            raise Refusal(
                _("Give the round's minutes: the event sets no length of a round."),
                field="minutes",
            )
    minutes = check_minutes(minutes, MAX_START_MINUTES)
    round_.clock_ends_at = change.now + timedelta(minutes=minutes)
    return {"minutes": minutes}


def pause(round_: Round, change: Change) -> dict:
    check_running(round_)
    round_.clock_paused_at = change.now
    return {}


def resume(round_: Round, change: Change) -> dict:
    if not is_paused(round_):
        raise Refusal(_("Round %(n)s's clock is not paused.") % {"n": round_.number}, code=CONFLICT)
    paused = change.now - round_.clock_paused_at
    round_.clock_ends_at += paused
    round_.clock_paused_at = None
    return {"paused_seconds": round(paused.total_seconds())}


def extend(round_: Round, change: Change) -> dict:
    if not is_started(round_):
        raise Refusal(
            _("Round %(n)s's clock has not started: start it first.") % {"n": round_.number},
            code=CONFLICT,
        )
    minutes = check_minutes(change.minutes, MAX_EXTEND_MINUTES)
    if change.table is None:
        round_.clock_ends_at += timedelta(minutes=minutes)
        return {"minutes": minutes}
    number = check_table(round_, change.table)
    extra = round_.clock_extra.get(str(number), 0) + minutes
    if extra > MAX_TABLE_EXTRA_MINUTES:
        raise Refusal(
            _("Table %(t)s would have %(m)d extra minutes; at most %(max)d in all.")
            % {"t": number, "m": extra, "max": MAX_TABLE_EXTRA_MINUTES},
            field="minutes",
        )
    round_.clock_extra = {**round_.clock_extra, str(number): extra}
    return {"minutes": minutes, "table": number}


def check_running(round_: Round) -> None:
    if not is_started(round_):
        raise Refusal(
            _("Round %(n)s's clock has not started.") % {"n": round_.number}, code=CONFLICT
        )
    if is_paused(round_):
        raise Refusal(
            _("Round %(n)s's clock is paused already.") % {"n": round_.number}, code=CONFLICT
        )


def check_table(round_: Round, table) -> int:
    if type(table) is not int or not round_.tables.filter(number=table, is_bye=False).exists():
        raise Refusal(
            _("Round %(n)s has no table %(t)s to give extra minutes.")
            % {"n": round_.number, "t": table},
            field="table",
        )
    return table


ACTIONS = {
    ClockAction.START: start,
    ClockAction.PAUSE: pause,
    ClockAction.RESUME: resume,
    ClockAction.EXTEND: extend,
}


def start_when_published(round_: Round, by=None) -> None:
    """Start the clock of a round just published, when its event says so (inside the
    publishing transaction)."""
    event = round_.event
    if event.round_minutes is None or event.clock_starts != ClockStart.PUBLISHED:
        return
    if is_started(round_):
        return
    round_.clock_ends_at = timezone.now() + timedelta(minutes=event.round_minutes)
    round_.clock_revision += 1
    Round.objects.filter(pk=round_.pk).update(
        clock_ends_at=round_.clock_ends_at, clock_revision=round_.clock_revision
    )
    log_clock(round_, by, ClockAction.START, minutes=event.round_minutes)
