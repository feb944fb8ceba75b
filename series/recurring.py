"""Recurring nights: a league's schedule creates each night's event ahead of time (Celery
beat sends ``series.tasks.create_recurring_nights``), a copy of a model event's settings
in the schedule's season, each with its own date. A schedule has an end (a number of
nights or a last date) and at most ``MOST_NIGHTS`` nights: a schedule without one, or
with more, is refused on the field that says so, and nothing is created."""

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from lib.refusal import Refusal, attempted
from series.models import LogEntry, RecurringNight, RecurringSchedule
from tournaments import event_log
from tournaments.event_settings import SETTINGS
from tournaments.leagues import do_create_event
from tournaments.models import Event, League, Season

log = logging.getLogger(__name__)

MOST_NIGHTS = 52
MOST_DAYS_AHEAD = 60
COPIED = tuple(name for name in SETTINGS if name != "registration_closes") + ("visibility",)


def nights_until(first: datetime, every_weeks: int, until) -> int:
    """How many nights fall on or before the date ``until``."""
    days = (until - timezone.localdate(first)).days
    return days // (7 * every_weeks) + 1 if days >= 0 else 0


def check_end(first: datetime, every_weeks: int, count, until) -> int:
    """The schedule's number of nights, from its count or its last date."""
    if count is None and until is None:
        raise Refusal(
            _("Give the schedule an end: a number of nights or a last date."), field="count"
        )
    if count is not None and until is not None:
        raise Refusal(_("Give a number of nights or a last date, not both."), field="until")
    field = "count" if count is not None else "until"
    total = count if count is not None else nights_until(first, every_weeks, until)
    if total < 1:
        raise Refusal(_("The schedule would create no night."), field=field)
    if total > MOST_NIGHTS:
        raise Refusal(
            _("A schedule creates at most %(most)d nights; this one would create %(total)d.")
            % {"most": MOST_NIGHTS, "total": total},
            field=field,
        )
    return total


def check_schedule(league: League, fields: dict) -> dict:
    """The schedule's fields, checked: its season and model event are the league's."""
    name = str(fields.get("name") or "").strip()
    if not name:
        raise Refusal(_("Give the nights a name."), field="name")
    season = Season.objects.filter(league=league, pk=fields.get("season")).first()
    if season is None or not season.is_open:
        raise Refusal(_("Choose an open season of this league."), field="season")
    model = Event.objects.filter(season__league=league, slug=fields.get("model_event")).first()
    if model is None:
        raise Refusal(_("Choose an event of this league to copy."), field="model_event")
    first = fields.get("first_night")
    if first is None or first <= timezone.now():
        raise Refusal(_("The first night must be in the future."), field="first_night")
    every = fields.get("every_weeks")
    if every is None or not 1 <= every <= 52:
        raise Refusal(_("Repeat every 1 to 52 weeks."), field="every_weeks")
    ahead = fields.get("days_ahead", 7)
    if not 0 <= ahead <= MOST_DAYS_AHEAD:
        raise Refusal(
            _("Create each night 0 to %(most)d days ahead.") % {"most": MOST_DAYS_AHEAD},
            field="days_ahead",
        )
    check_end(first, every, fields.get("count"), fields.get("until"))
    return {
        "name": name[:100],
        "season": season,
        "model_event": model,
        "first_night": first,
        "every_weeks": every,
        "days_ahead": ahead,
        "count": fields.get("count"),
        "until": fields.get("until"),
    }


def do_create_schedule(league: League, by, **fields) -> RecurringSchedule:
    """Schedule the nights; those already due are created at once."""
    checked = check_schedule(league, fields)
    with transaction.atomic():
        schedule = RecurringSchedule.objects.create(league=league, created_by=by, **checked)
        LogEntry.objects.create(
            league=league,
            schedule=schedule,
            actor=by,
            action=LogEntry.Action.SCHEDULE_CREATED,
            detail={"name": schedule.name, "nights": total_nights(schedule)},
        )
    create_due(schedule.pk)
    return schedule


def do_stop_schedule(schedule: RecurringSchedule, by, seen) -> RecurringSchedule:
    """No more nights are created; those created stay."""
    with transaction.atomic():
        schedule = RecurringSchedule.objects.select_for_update().get(pk=schedule.pk)
        if seen is None or int(seen) != schedule.version:
            raise Refusal(
                _("The schedule changed since you saw it: look again."),
                field="version",
                code="conflict",
            )
        schedule.active = False
        schedule.version += 1
        schedule.save(update_fields=["active", "version"])
        LogEntry.objects.create(
            league_id=schedule.league_id,
            schedule=schedule,
            actor=by,
            action=LogEntry.Action.SCHEDULE_STOPPED,
        )
    return schedule


def total_nights(schedule: RecurringSchedule) -> int:
    return check_end(schedule.first_night, schedule.every_weeks, schedule.count, schedule.until)


def night_at(schedule: RecurringSchedule, number: int) -> datetime:
    return schedule.first_night + timedelta(weeks=schedule.every_weeks * (number - 1))


def next_due(schedule: RecurringSchedule, now: datetime) -> int | None:
    """The number of the next night to create, if it is due now."""
    number = schedule.nights_created + 1
    if not schedule.active or number > total_nights(schedule):
        return None
    if night_at(schedule, number) - timedelta(days=schedule.days_ahead) > now:
        return None
    return number


def free_slug(name: str) -> str:
    base = slugify(name)[:44] or "night"
    slug, number = base, 1
    while Event.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


def night_fields(schedule: RecurringSchedule, when: datetime) -> dict:
    """The night's event: the model event's settings, its own name, date and address."""
    model = schedule.model_event
    fields = {name: getattr(model, name) for name in COPIED} if model else {}
    if model and model.registration_closes and model.starts_at:
        fields["registration_closes"] = when - (model.starts_at - model.registration_closes)
    name = f"{schedule.name} {timezone.localdate(when).isoformat()}"
    return {**fields, "name": name, "slug": free_slug(name), "starts_at": when}


def create_night(schedule_id: int, now: datetime) -> bool:
    """Create the schedule's next night if it is due; whether one was created."""
    with transaction.atomic():
        schedule = (
            RecurringSchedule.objects.select_for_update(of=("self",))
            .select_related("season", "model_event", "created_by")
            .get(pk=schedule_id)
        )
        number = next_due(schedule, now)
        if number is None:
            return False
        when = night_at(schedule, number)
        event = do_create_event(
            schedule.season, schedule.created_by, **night_fields(schedule, when)
        )
        RecurringNight.objects.create(schedule=schedule, number=number, event=event)
        schedule.nights_created = number
        schedule.save(update_fields=["nights_created"])
        event_log.log(event, None, event_log.Action.SCHEDULED, schedule=schedule.name, night=number)
        LogEntry.objects.create(
            league_id=schedule.league_id,
            schedule=schedule,
            action=LogEntry.Action.NIGHT_CREATED,
            detail={"night": number, "event": event.name},
        )
    return True


def create_due(schedule_id: int, now: datetime | None = None) -> int:
    """Create every night of the schedule that is due (a beat missed is caught up)."""
    now = now or timezone.now()
    made = 0
    while True:
        try:
            outcome = attempted(create_night, schedule_id, now)
        except IntegrityError:  # another run created it meanwhile
            return made
        if not outcome:  # the model event's settings no longer hold (its game gone)
            log.error("recurring schedule %s: %s", schedule_id, outcome.refusal.message)
        if not outcome or not outcome.answer:
            return made
        made += 1


def do_create_due_nights(now: datetime | None = None) -> int:
    """Every active schedule's due nights; how many events were created."""
    ids = RecurringSchedule.objects.filter(active=True).values_list("pk", flat=True)
    return sum(create_due(pk, now) for pk in ids)
