"""Series (circuits) of events and recurring nights, both a league's.

- A *series* gathers events from any league its league's organisers also organise; each
  member event gives its entrants points by their place there (the series' own points
  table), a person's best ``best_of`` results count, and a person who played fewer than
  ``minimum_events`` of them is not yet qualified. The first ``qualifying_places``
  qualified people are above the qualification line.
- A series' *rows* are its leaderboard, stored by the standings worker
  (``series.computing``) when a member event's standings change, never on a page request.
- A *recurring schedule* creates its league's next nights' events ahead of time
  (``series.recurring``, sent by Celery beat), each a copy of a model event's settings.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.names import validate_name_text


class Series(models.Model):
    league = models.ForeignKey(
        "tournaments.League", on_delete=models.CASCADE, related_name="series"
    )
    name = models.CharField(_("name"), max_length=120, validators=[validate_name_text])
    slug = models.SlugField(unique=True)
    points_by_place = models.JSONField(_("points by place"), default=list)
    best_of = models.PositiveSmallIntegerField(
        _("results that count"), null=True, blank=True, help_text=_("empty: every result")
    )
    minimum_events = models.PositiveSmallIntegerField(_("events to qualify"), default=1)
    qualifying_places = models.PositiveSmallIntegerField(
        _("places that qualify"), default=0, help_text=_("0: no qualification line")
    )
    events = models.ManyToManyField(
        "tournaments.Event", through="SeriesEvent", related_name="series", blank=True
    )
    # What every write names (a stale one is refused), and the leaderboard's version.
    version = models.PositiveIntegerField(default=1)
    rows_version = models.PositiveIntegerField(default=0)
    # Coalescing (series.computing): when a recompute was last asked for, and the claim of
    # the one task in flight.
    requested_at = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name_plural = "series"

    def __str__(self):
        return self.name


class SeriesEvent(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="memberships")
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, related_name="series_memberships"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["series", "event"], name="one_membership_per_event")
        ]

    def __str__(self):
        return f"{self.event} in {self.series}"


class SeriesRow(models.Model):
    """One person's line of a series' leaderboard. ``person`` is who they are across
    events: their account, or their bot."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="rows")
    person = models.CharField(max_length=100)
    name = models.CharField(max_length=120)
    rank = models.PositiveIntegerField(null=True, blank=True)
    points = models.FloatField(default=0)
    events = models.PositiveIntegerField(default=0)
    qualified = models.BooleanField(default=False)
    results = models.JSONField(default=list)

    class Meta:
        ordering = ["rank", "-points", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["series", "person"], name="one_row_per_person")
        ]

    def __str__(self):
        return f"{self.name} in {self.series}"


class RecurringSchedule(models.Model):
    """Nights every ``every_weeks`` weeks from ``first_night``, each a copy of
    ``model_event``'s settings in ``season``, created ``days_ahead`` days before it.
    It ends after ``count`` nights or on ``until`` (one of them, never more than
    ``series.recurring.MOST_NIGHTS`` nights)."""

    league = models.ForeignKey(
        "tournaments.League", on_delete=models.CASCADE, related_name="recurring_schedules"
    )
    season = models.ForeignKey("tournaments.Season", on_delete=models.CASCADE, related_name="+")
    model_event = models.ForeignKey(
        "tournaments.Event", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    name = models.CharField(_("name"), max_length=100, validators=[validate_name_text])
    first_night = models.DateTimeField(_("first night"))
    every_weeks = models.PositiveSmallIntegerField(_("every how many weeks"), default=1)
    count = models.PositiveSmallIntegerField(_("nights"), null=True, blank=True)
    until = models.DateField(_("last date"), null=True, blank=True)
    days_ahead = models.PositiveSmallIntegerField(_("created days ahead"), default=7)
    nights_created = models.PositiveSmallIntegerField(default=0)
    active = models.BooleanField(default=True)
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["first_night", "pk"]

    def __str__(self):
        return self.name


class RecurringNight(models.Model):
    schedule = models.ForeignKey(RecurringSchedule, on_delete=models.CASCADE, related_name="nights")
    number = models.PositiveSmallIntegerField()
    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.SET_NULL, null=True, related_name="recurring_night"
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["schedule", "number"], name="one_event_per_night")
        ]

    def __str__(self):
        return f"{self.schedule} {self.number}"


class LogEntry(models.Model):
    """Who changed a league's series or recurring schedules, and when (an event's own log
    is ``tournaments``' ``EventLogEntry``). ``actor`` is empty for the worker."""

    class Action(models.TextChoices):
        SERIES_CREATED = "series created", _("created the series")
        SERIES_EDITED = "series edited", _("changed the series")
        EVENT_ADDED = "event added", _("added an event to the series")
        EVENT_REMOVED = "event removed", _("removed an event from the series")
        SCHEDULE_CREATED = "schedule created", _("scheduled recurring nights")
        SCHEDULE_STOPPED = "schedule stopped", _("stopped the recurring nights")
        NIGHT_CREATED = "night created", _("created the next night's event")

    league = models.ForeignKey("tournaments.League", on_delete=models.CASCADE, related_name="+")
    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, null=True, blank=True, related_name="log"
    )
    schedule = models.ForeignKey(
        RecurringSchedule, on_delete=models.CASCADE, null=True, blank=True, related_name="log"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=30, choices=Action.choices)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.actor or '-'} {self.action}"
