"""An event: one tournament (a Swiss of five rounds, a knockout, an open league's
season of logged games), its settings and where it stands."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.declaring import GameType
from games.names import validate_name_text
from games.registry import DEFAULT_GAME, get_game
from tournaments.formats import REGISTRY
from tournaments.models.leagues import Season, Visibility, fresh_version


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
    round_check_in = models.PositiveSmallIntegerField(
        _("check-in every round (minutes)"),
        null=True,
        blank=True,
        help_text=_(
            "players check in for each round within these minutes of its start, or forfeit "
            "their seat; empty: no check-in for rounds"
        ),
    )
    no_show_drops = models.BooleanField(
        _("two no-shows in a row drop the player"),
        default=False,
        help_text=_("with check-in every round: a second forfeit in a row drops the entrant"),
    )
    review_pairings = models.BooleanField(
        _("review pairings before publishing"),
        null=True,
        blank=True,
        help_text=_("empty: on for a Swiss of 16 or more entrants"),
    )
    pairs_automatically = models.BooleanField(
        _("pair the next round when the last result is in"),
        default=False,
        help_text=_(
            "the next round is paired as soon as every table of a round has its result, "
            "and published unless pairings are reviewed; never beyond the planned rounds"
        ),
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
        return REGISTRY[self.format]

    @property
    def logs_games(self) -> bool:
        """Games are logged as they are played (an open league), not paired in rounds."""
        return self.format_type.logs_games

    @property
    def has_teams(self) -> bool:
        """Its entrants play in teams (``tournaments.teams``)."""
        return self.format_type.has_teams

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
        return self.rounds.filter(tables__result__isnull=False).exists()

    @property
    def reviews_pairings(self) -> bool:
        """Rounds are paired as drafts, published by an organiser: as set, else the
        format's default for the field's size."""
        return self.reviews_round(1)

    def reviews_round(self, number: int) -> bool:
        """Round ``number`` is paired as a draft: as set, else the default of the format
        that pairs it (after a cut, the knockout's) for the field's size."""
        if self.review_pairings is not None:
            return self.review_pairings
        pairs_it = REGISTRY[self.format_type.cut_to] if self.in_cut_stage(number) else None
        threshold = (pairs_it or self.format_type).reviews_pairings_from
        active = self.entrants.filter(status=self.entrants.model.Status.ACTIVE)
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
