"""Leagues, seasons, events and what happens in them.

Words: an *event* is one tournament (a Swiss of five rounds, a knockout, an open
league's season of logged games); an *entrant* is who takes a seat in it, a person or a
bot; a *table* is one game of a round, its *seats* ordered (seat 0 starts); a *result*
is the official outcome of a table, written only by ``tournaments.results``.
"""

import secrets
from datetime import timedelta
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from config.compiled import CompiledQuery
from games.names import validate_name_text
from games.ratings import ordinal
from games.registry import DEFAULT_GAME, GameType, get_game
from tournaments.tiebreak_names import TIEBREAK_NAMES

# The largest value of an ``IntegerField`` column on every database (PostgreSQL's
# ``integer``): forms and serializers cap what they store there, so a larger number is
# a 400 with the reason, not the database's error.
MAX_INTEGER = 2**31 - 1


class Visibility(models.TextChoices):
    PUBLIC = "public", _("public")
    UNLISTED = "unlisted", _("unlisted (anyone with the link)")
    PRIVATE = "private", _("private (organisers and entrants)")


class League(models.Model):
    NAME_FIELDS = ("name",)

    name = models.CharField(_("name"), max_length=120, validators=[validate_name_text])
    slug = models.SlugField(unique=True)
    description = models.TextField(_("description"), blank=True)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_leagues", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text=_("hidden from lists while set")
    )

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None


class Season(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        CLOSED = "closed", _("closed")
        ARCHIVED = "archived", _("archived")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    NAME_FIELDS = ("name",)

    name = models.CharField(_("name"), max_length=120, validators=[validate_name_text])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["league", "-starts_on", "name"]

    def __str__(self):
        return f"{self.league} – {self.name}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_archived(self) -> bool:
        return self.status == self.Status.ARCHIVED


def fresh_version() -> int:
    """A random start for a version counter, so that a new object never meets the
    cached pages of a deleted one that had its id (SQLite may give an id again)."""
    return secrets.randbelow(2**30)


class ClockStart(models.TextChoices):
    PUBLISHED = "published", _("when the round is published")
    ORGANISER = "organiser", _("when an organiser starts it")


# What players do at zero when the event says nothing else.
DEFAULT_TIME_RULE = _("Finish the current round of the game, then stop.")


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class Registration(models.TextChoices):
        CLOSED = "closed", _("closed (organisers add entrants)")
        OPEN = "open", _("open (players register themselves)")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    NAME_FIELDS = ("name",)

    name = models.CharField(_("name"), max_length=120, validators=[validate_name_text])
    slug = models.SlugField(unique=True)
    # Any game's key (games.registry.get_game: declared in code or in the catalogue),
    # checked by tournaments.event_settings.
    game = models.CharField(max_length=30, default=DEFAULT_GAME)
    rules_options = models.JSONField(_("rules options"), default=dict, blank=True)
    format = models.CharField(_("format"), max_length=30, default="swiss")
    format_options = models.JSONField(default=dict, blank=True)
    table_size = models.PositiveSmallIntegerField(_("table size"), default=4)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=3)
    points_by_place = models.JSONField(
        _("points by place"), default=list, blank=True, help_text=_("e.g. [4, 2, 1, 0]")
    )
    tiebreak_order = models.JSONField(_("tie-break order"), default=list, blank=True)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(default=0)
    late_entry_points = models.FloatField(
        _("late entry starting points"),
        default=0,
        help_text=_("points an entrant added after round 1 starts with"),
    )
    avoid_same_club = models.BooleanField(
        _("keep members of one club apart"),
        default=False,
        help_text=_("pairing seats two members of one club together only to avoid a repeat"),
    )
    cut = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text=_(
            "a knockout of the best after the Swiss: top, after_round and the entrants' ids by rank"
        ),
    )
    standings_queued_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text=_("set while a standings task is queued or running (one at a time)"),
    )
    standings_version = models.PositiveIntegerField(
        default=fresh_version,
        editable=False,
        help_text=_("counts the changes of the stored standings (their pages are cached by it)"),
    )
    registration = models.CharField(
        _("registration"),
        max_length=10,
        choices=Registration.choices,
        default=Registration.CLOSED,
    )
    capacity = models.PositiveIntegerField(
        _("places"),
        null=True,
        blank=True,
        help_text=_("empty: no limit; once full, people who register join the waitlist"),
    )
    registration_closes = models.DateTimeField(_("registration closes"), null=True, blank=True)
    starts_at = models.DateTimeField(
        _("round 1 starts"), null=True, blank=True, help_text=_("check-in opens before it")
    )
    check_in = models.BooleanField(
        _("check-in"), default=False, help_text=_("players say they are here before round 1")
    )
    check_in_opens = models.PositiveIntegerField(
        _("check-in opens (minutes before round 1)"), default=60
    )
    review_pairings = models.BooleanField(
        _("review pairings before publishing"),
        null=True,
        blank=True,
        help_text=_("empty: on for a Swiss of 16 or more entrants"),
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes a round"),
        null=True,
        blank=True,
        help_text=_("the round clock; empty: rounds are not timed"),
    )
    clock_starts = models.CharField(
        _("the round clock starts"),
        max_length=10,
        choices=ClockStart.choices,
        default=ClockStart.PUBLISHED,
    )
    time_rule = models.CharField(
        _("when time is up"),
        max_length=200,
        blank=True,
        help_text=_("shown when the clock reaches zero; empty: the default rule"),
    )
    archived_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text=_("hidden from lists while set")
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organised_events", blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.name

    @property
    def league(self):
        return self.season.league

    @property
    def format_type(self) -> type:
        """The event's format class (``tournaments.formats``): what it pairs and ranks."""
        from tournaments.formats import REGISTRY

        return REGISTRY[self.format]

    @property
    def logs_games(self) -> bool:
        """Games are logged as they are played (an open league), not paired in rounds."""
        return self.format_type.logs_games

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def can_pair(self) -> bool:
        """Its format pairs rounds and it is not finished."""
        return self.format_type.pairs_rounds and not self.is_finished

    @property
    def is_cut(self) -> bool:
        """The Swiss rounds are over and a knockout of the best is under way."""
        return bool(self.cut)

    @property
    def can_cut(self) -> bool:
        """Its format can be cut to a knockout, and it has not been, nor finished."""
        return bool(self.format_type.cut_to) and not self.is_cut and not self.is_finished

    def in_cut_stage(self, round_number: int) -> bool:
        return self.is_cut and round_number > self.cut["after_round"]

    @property
    def game_type(self) -> GameType:
        """What the registry knows of the event's game (games/registry.py)."""
        return get_game(self.game)

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None

    @property
    def has_results(self) -> bool:
        return Result.objects.filter(table__round__event=self).exists()

    @property
    def reviews_pairings(self) -> bool:
        """Rounds are paired as drafts, published by an organiser: as set, else the
        format's default for the field's size."""
        return self.reviews_round(1)

    def reviews_round(self, number: int) -> bool:
        """Round ``number`` is paired as a draft: as set, else the default of the format
        that pairs it (after a cut, the knockout's) for the field's size."""
        from tournaments.formats import REGISTRY

        if self.review_pairings is not None:
            return self.review_pairings
        pairs_it = REGISTRY[self.format_type.cut_to] if self.in_cut_stage(number) else None
        threshold = (pairs_it or self.format_type).reviews_pairings_from
        active = self.entrants.filter(status=Entrant.Status.ACTIVE)
        return threshold is not None and active.count() >= threshold

    @property
    def takes_registrations(self) -> bool:
        """Registration is open now (and the event neither finished nor archived)."""
        closes = self.registration_closes
        return (
            self.registration == self.Registration.OPEN
            and not self.is_finished
            and not self.is_archived
            and (closes is None or closes > timezone.now())
        )

    @property
    def check_in_opens_at(self):
        """When players may check in (None: as soon as check-in is on)."""
        if self.starts_at is None:
            return None
        return self.starts_at - timedelta(minutes=self.check_in_opens)

    @property
    def takes_check_ins(self) -> bool:
        """Check-in is on, open, and round 1 not yet published."""
        opens = self.check_in_opens_at
        return (
            self.check_in
            and not self.is_finished
            and (opens is None or opens <= timezone.now())
            and not self.rounds.filter(draft=False).exists()
        )


class Entrant(models.Model):
    """A seat-taker in one event: a user or a bot (exactly one of the two)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        DROPPED = "dropped", _("dropped")
        WAITLISTED = "waitlisted", _("on the waitlist")

    class DropReason(models.TextChoices):
        """Why a dropped entrant is out: it decides how they are listed and whether they
        may register again themself (only who withdrew)."""

        NONE = "", _("not dropped")
        WITHDREW = "withdrew", _("withdrew")
        ORGANISER = "organiser", _("dropped by an organiser")
        NO_SHOW = "no-show", _("did not check in")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
    )
    bot = models.ForeignKey(
        "bots.Bot", on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    NAME_FIELDS = ("name", "club")

    name = models.CharField(_("name"), max_length=80, validators=[validate_name_text])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(default=1)
    start_points = models.FloatField(_("starting points"), default=0)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    drop_reason = models.CharField(
        max_length=10, choices=DropReason.choices, default=DropReason.NONE, blank=True
    )
    seed = models.PositiveIntegerField(
        _("seed"), default=0, help_text=_("knockout seeding, 1 the top seed; 0 by standings")
    )
    club = models.CharField(_("club"), max_length=80, blank=True, validators=[validate_name_text])
    fixed_table = models.PositiveSmallIntegerField(
        _("fixed table"),
        null=True,
        blank=True,
        help_text=_("the table number they sit at every round (an accessible table)"),
    )
    registered_at = models.DateTimeField(default=timezone.now, help_text=_("the waitlist's order"))
    checked_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__isnull=False)
                | models.Q(user__isnull=False, bot__isnull=True),
                name="entrant_is_user_or_bot",
            ),
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_user"),
            models.UniqueConstraint(fields=["event", "bot"], name="one_entry_per_bot"),
        ]

    def __str__(self):
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_dropped(self) -> bool:
        return self.status == self.Status.DROPPED

    @property
    def is_waitlisted(self) -> bool:
        return self.status == self.Status.WAITLISTED

    @property
    def is_no_show(self) -> bool:
        return self.is_dropped and self.drop_reason == self.DropReason.NO_SHOW

    @property
    def drop_mark(self) -> str:
        """How a dropped entrant is listed ("" when not dropped)."""
        if not self.is_dropped:
            return ""
        if self.is_no_show:
            return str(self.DropReason.NO_SHOW.label)
        if not self.dropped_after_round:
            return str(_("dropped before round 1"))
        if self.drop_reason == self.DropReason.WITHDREW:
            return str(_("withdrew after round %(n)s") % {"n": self.dropped_after_round})
        return str(_("dropped after round %(n)s") % {"n": self.dropped_after_round})

    @property
    def is_checked_in(self) -> bool:
        return self.checked_in_at is not None

    @property
    def waitlist_place(self) -> int | None:
        """1 for the first on the waitlist; None when not on it."""
        if not self.is_waitlisted:
            return None
        ahead = Entrant.objects.filter(
            event_id=self.event_id, status=self.Status.WAITLISTED
        ).filter(
            models.Q(registered_at__lt=self.registered_at)
            | models.Q(registered_at=self.registered_at, pk__lt=self.pk)
        )
        return ahead.count() + 1

    @property
    def is_walk_in(self) -> bool:
        """A player with no account of their own (a placeholder user that cannot log in):
        they are never asked to confirm anything."""
        return self.user_id is not None and not self.user.is_active


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", _("paired")
        COMPLETE = "complete", _("complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRED)
    paired_at = models.DateTimeField(auto_now_add=True)
    override_reason = models.TextField(blank=True)
    revision = models.PositiveIntegerField(
        default=0, editable=False, help_text=_("bumped when the round is paired again or swapped")
    )
    draft = models.BooleanField(
        default=False, help_text=_("seen only by organisers until it is published")
    )
    # The round clock (``tournaments.round_clock``): when it ends (moved on by a
    # resume or an extension), when it was paused, extra minutes of single tables by
    # their number, and a revision every change bumps (what a change is based on).
    clock_ends_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_paused_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_extra = models.JSONField(default=dict, blank=True, editable=False)
    clock_revision = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number")]

    def __str__(self):
        return f"{self.event} round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.draft


class TableQuerySet(models.QuerySet):
    def with_seats(self) -> "TableQuerySet":
        """The tables with their seats, entrants and users, in one more query. Entrants are
        joined, not prefetched: Django 5.2 prefetches a foreign key as ``id = 1 OR id = 2
        OR ...``, which SQLite refuses past 1,000 terms ("Expression tree is too large")."""
        seats = Seat.objects.select_related("entrant__user")
        return self.prefetch_related(models.Prefetch("seats", queryset=seats))


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    is_bye = models.BooleanField(
        default=False, help_text=_("a single entrant sits this round out and scores a bye")
    )
    explanation = models.JSONField(default=dict, blank=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number")]

    def __str__(self):
        return f"{self.round} table {self.number}"

    @cached_property
    def seating(self) -> list["Seated"]:
        """Who sits where, by position, read once per object: an entry or confirmation
        asks who may act, the seats' names and, for the result, each seat's entrant of
        its (freshly locked) table. A table read ``with_seats`` answers from its seats,
        with no query."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return [
                Seated(
                    seat.position,
                    seat.entrant_id,
                    seat.entrant.name,
                    seat.entrant.user_id,
                    seat.entrant.user_id is not None and seat.entrant.user.is_active,
                )
                for seat in sorted(self.seats.all(), key=lambda seat: seat.position)
            ]
        return [Seated(*row) for row in SEATING.rows(self.pk)]

    @cached_property
    def seated_users(self) -> frozenset[int]:
        """The active accounts seated here (walk-ins and bots have none)."""
        return frozenset(seated.user_id for seated in self.seating if seated.user_is_active)


class Seated(NamedTuple):
    """A seat of ``Table.seating``: its entrant, and the entrant's account if any."""

    position: int
    entrant_id: int
    name: str
    user_id: int | None
    user_is_active: bool | None


# By the seat's own column (the default ordering would join the table and the round).
# Compiled once: every entry and confirmation of a result asks it.
SEATING = CompiledQuery(
    lambda table_id: (
        Seat.objects.filter(table_id=table_id)
        .order_by("position")
        .values_list(
            "position",
            "entrant_id",
            "entrant__name",
            "entrant__user_id",
            "entrant__user__is_active",
        )
    ),
    -7,
)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text=_("0 starts"))

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_position")
        ]

    def __str__(self):
        return f"{self.table} seat {self.position + 1}"


class Result(models.Model):
    """The official outcome of a table. Written only by ``tournaments.results``."""

    class Source(models.TextChoices):
        PLAYERS = "players", _("entered by players and confirmed")
        ORGANISER = "organiser", _("entered or overridden by an organiser")
        RECORD = "record", _("digital game record")
        BOT = "bot", _("bot match")
        IMPORT = "import", _("imported from a file of logged plays")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    source = models.CharField(max_length=10, choices=Source.choices)
    rules_version = models.CharField(max_length=80, blank=True)
    detail = models.JSONField(
        default=dict, blank=True, help_text=_("the game record or tableau behind it")
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    recorded_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"result of {self.table}"


class ImportedPlay(models.Model):
    """A play taken in from another app's file (``tournaments.bgstats``) as a result of
    the league: its id there (a BG Stats play's ``uuid``), so that taking the same file
    in again skips it, and what the file said of it that a result does not hold."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    uuid = models.UUIDField()
    result = models.OneToOneField(Result, on_delete=models.CASCADE, related_name="imported_play")
    played_at = models.DateTimeField(null=True, blank=True)
    minutes = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "uuid"], name="one_import_per_play")
        ]

    def __str__(self):
        return f"play {self.uuid}"


class SeatResult(models.Model):
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="results")
    position = models.PositiveSmallIntegerField()
    score = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    points = models.FloatField(default=0)

    class Meta:
        ordering = ["result", "position"]

    def __str__(self):
        return f"{self.entrant}: {self.score} (place {self.place})"


class StandingRow(models.Model):
    """One entrant's line in an event's stored standings; recomputed by a task."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    entrant = models.OneToOneField(Entrant, on_delete=models.CASCADE, related_name="standing")
    rank = models.PositiveIntegerField()
    points = models.FloatField(default=0)
    games = models.PositiveIntegerField(default=0)
    tiebreaks = models.JSONField(default=dict, blank=True)
    rank_by_round = models.JSONField(default=list, blank=True)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "rank", "entrant__name"]

    def __str__(self):
        return f"{self.rank}. {self.entrant}"

    @property
    def named_tiebreaks(self) -> list[tuple]:
        """(name in people's words, value) for each tie-break, in the ranking order."""
        return [(TIEBREAK_NAMES.get(key, key), value) for key, value in self.tiebreaks.items()]


class StandingsRequest(models.Model):
    """A change the event's standings have not yet followed: written in the change's
    own transaction (an insert, so concurrent results never wait on one another) and
    deleted by the standings run that covers it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"standings of {self.event_id} requested at {self.created_at}"


class Rating(models.Model):
    """An OpenSkill (Plackett-Luce) rating of a person or bot, per league or, with no
    league, per game across all leagues. Rebuilt from confirmed results in order."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, null=True, blank=True, related_name="ratings"
    )
    game = models.CharField(max_length=30)  # any game's key (games.registry)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ratings",
    )
    bot = models.ForeignKey(
        "bots.Bot", on_delete=models.CASCADE, null=True, blank=True, related_name="ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    history = models.JSONField(default=list, blank=True, help_text=_("[result id, ordinal]"))

    class Meta:
        ordering = ["-mu"]
        indexes = [models.Index(fields=["league", "game"])]

    def __str__(self):
        return f"{self.user or self.bot}: {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


class EventLogEntry(models.Model):
    """Who ran what in an event, and when: pairing a round, pairing it again, swapping
    seats, naming or removing an organiser. Changes to a table's result are kept by
    ``scoring``'s audit log. ``actor`` is empty for a command or a worker."""

    class Action(models.TextChoices):
        PAIRED = "paired", _("paired a round")
        REPAIRED = "repaired", _("paired a round again")
        SWAPPED = "swapped", _("swapped two seats")
        CUT = "cut", _("cut to a knockout of the best")
        ORGANISER_GRANTED = "organiser granted", _("named an organiser")
        ORGANISER_REVOKED = "organiser revoked", _("removed an organiser")
        EDITED = "edited", _("changed the event's settings")
        ARCHIVED = "archived", _("archived the event")
        UNARCHIVED = "unarchived", _("brought the event back from the archive")
        NO_SHOWS_DROPPED = "no-shows dropped", _("dropped the players who did not check in")
        CHECKED_IN = "checked in", _("checked a player in")
        PROMOTED = "promoted", _("gave a freed place to the waitlist")
        PUBLISHED = "published", _("published a round")
        CLOCK = "round clock", _("set the round clock")
        DISCARDED = "discarded", _("discarded a draft round")
        REINSTATED = "reinstated", _("put a dropped entrant back in")
        FINISHED = "finished", _("finished the event")
        REOPENED = "reopened", _("reopened the event")
        EXTRA_ROUND = "extra round", _("added a round beyond the plan")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="log_entries")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    action = models.CharField(max_length=30, choices=Action.choices)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.actor or '-'} {self.action} in {self.event}"
