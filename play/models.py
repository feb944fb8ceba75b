"""Games played on the site.

Words: a *game* here is one game (of a game the registry plays live, such as Call to
Glory) played turn by turn on the site, by people and bots at one table, either for an
event's table (its result becomes the table's official result) or as a *friendly*
game; a *seat* (``GameSeat``) is a place at it, held by a person or a bot; the *record*
is the game's record of the moves so far (the source of truth: the engine state is
replayed from it); the *deals* are what was dealt for every round when the game
started, kept out of sight until their round begins; the *pace* says how long a seat
has for its turn (live: seconds; correspondence: days) before the *stand-in* (the
built-in bot the event names, else the game's first ``LivePlay.stand_ins``) plays that
turn for it; a seat that forfeits is played by the stand-in to the end. A game whose
every person forfeited is *abandoned*: it has no places and decides nothing.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from bots.models import Bot, FaultRecord, said_bot_name
from games.declaring import LivePlay
from games.models import GameKey
from games.ratings import ordinal
from games.registry import DEFAULT_GAME, get_game


class Pace(models.TextChoices):
    LIVE = "live", _("live")
    CORRESPONDENCE = "correspondence", _("correspondence")


# Seconds a seat has for its turn unless its event says otherwise.
DEFAULT_MOVE_SECONDS = {Pace.LIVE: 60, Pace.CORRESPONDENCE: 3 * 24 * 3600}
# Timeouts after which a seat forfeits (0: never; the stand-in plays each such turn).
DEFAULT_FORFEIT_AFTER = 3


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    game = models.CharField(max_length=30, choices=GameKey.choices, default=DEFAULT_GAME)
    options = models.JSONField(_("rules options"), default=dict, blank=True)
    table = models.OneToOneField(
        "tournaments.Table",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="played_game",
    )
    # A table's game abandoned and then replayed keeps its table here (the table's
    # ``played_game`` is the new one).
    former_table = models.ForeignKey(
        "tournaments.Table",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="replaced_games",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("time for a turn (seconds)"))
    forfeit_after = models.PositiveSmallIntegerField(
        _("timeouts before a forfeit"), default=DEFAULT_FORFEIT_AFTER, help_text=_("0: never")
    )
    # A built-in bot of the game's ``LivePlay.stand_ins`` (play.starting sets it).
    stand_in = models.CharField(_("bot playing for an absent person"), max_length=30)
    # The moves the stand-in played: [first move, move after the last, seat position].
    stood_in = models.JSONField(default=list, blank=True)
    abandoned_because = models.TextField(blank=True)
    # A friendly game between people that counts for their friendly rating (play.rated).
    rated = models.BooleanField(_("rated"), default=False)
    seed = models.BigIntegerField()
    record = models.JSONField(help_text=_("the game's record of the moves so far"))
    deals = models.JSONField(help_text=_("every round's deal; secret until its round begins"))
    moves = models.PositiveIntegerField(default=0, help_text=_("moves applied so far"))
    to_move = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    bot_claimed_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("a worker is asking the bot to move until then (its turn is not sent again)"),
    )
    bank_ms = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("what is left of the remote bot's time bank this turn; empty: a new turn"),
    )
    result = models.JSONField(null=True, blank=True)
    replay = models.ForeignKey(
        "games.GameRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self):
        return " – ".join(str(seat) for seat in self.seats.all())

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_abandoned(self) -> bool:
        return self.status == self.Status.ABANDONED

    @property
    def why_abandoned(self) -> str:
        """The organiser's reason, or that every person forfeited."""
        return self.abandoned_because or str(_("Every person at the table forfeited."))

    @property
    def is_live(self) -> bool:
        return self.pace == Pace.LIVE

    @property
    def live(self) -> LivePlay:
        """How the game is played: its engine, bots and words, from the registry."""
        return get_game(self.game).played

    def state(self, moves: int | None = None):
        """The engine's state after the record's first ``moves`` moves (all: None)."""
        return self.live.rebuild(self.record, self.deals, moves)


class GameSeat(models.Model):
    """A place at a site game (not an event table's ``tournaments.Seat``): a person
    (``user``) or a bot (exactly one of the two)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text=_("0 starts"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="played_seats",
    )
    bot = models.ForeignKey(
        Bot, on_delete=models.PROTECT, null=True, blank=True, related_name="played_seats"
    )
    name = models.CharField(_("name"), max_length=80)
    timeouts = models.PositiveSmallIntegerField(default=0)
    faults = models.PositiveSmallIntegerField(default=0, help_text=_("a bot's faults"))
    forfeited = models.BooleanField(default=False)
    # The game's ``moves`` when the seat forfeited: a later forfeit places higher.
    forfeited_at = models.PositiveIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    # A remote bot's /start and /end (play.bot_calls): when a worker took the /start on
    # (a claim; a stale one may be taken again), whether it was sent, whether /end was.
    start_claimed_at = models.DateTimeField(null=True, blank=True)
    started = models.BooleanField(default=False)
    ended = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_play_seat_position"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__isnull=False)
                | models.Q(user__isnull=False, bot__isnull=True),
                name="play_seat_is_user_or_bot",
            ),
        ]
        indexes = [models.Index(fields=["user", "game"])]

    def __str__(self):
        return self.name

    @property
    def is_bot(self) -> bool:
        return self.bot_id is not None

    @property
    def said_name(self) -> str:
        """The seat's name as the reader reads it (the site's bots' in their language)."""
        return said_bot_name(self.name) if self.is_bot else self.name


class GameFault(FaultRecord):
    """A bot's fault at a game on the site (a late, malformed or illegal answer...),
    kept with its evidence as a bot match's faults are."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="faults")
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="game_faults")

    class Meta(FaultRecord.Meta):
        pass

    def __str__(self):
        return f"{self.get_kind_display()} by {self.bot} in {self.game}"


class EventPlay(models.Model):
    """How an event's tables are played on the site: the pace, the time for a turn, the
    bot that plays for an absent person and when a seat forfeits. An event without one
    plays live with the defaults."""

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="play_settings"
    )
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("time for a turn (seconds)"))
    forfeit_after = models.PositiveSmallIntegerField(
        _("timeouts before a forfeit"), default=DEFAULT_FORFEIT_AFTER, help_text=_("0: never")
    )
    # A built-in bot of the game's ``LivePlay.stand_ins`` (play.starting sets it).
    stand_in = models.CharField(_("bot playing for an absent person"), max_length=30)

    def __str__(self):
        return f"{self.event}: {self.get_pace_display()}"


class Challenge(models.Model):
    """An invitation to a friendly game: a *challenge* names its seats (people and
    bots; the game starts once every person invited has accepted), an *open table*
    names only its size (anyone signed in takes a free seat, through the lobby or its
    share link; the game starts when it is full). Its creator holds the first seat."""

    class Kind(models.TextChoices):
        CHALLENGE = "challenge", _("challenge")
        TABLE = "table", _("open table")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")

    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # The game to be played (a key of the registry's, as ``Game.game``); ``game`` is the
    # started one.
    game_type = models.CharField(
        _("game"), max_length=30, choices=GameKey.choices, default=DEFAULT_GAME
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    size = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("rules options"), default=dict, blank=True)
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("time for a turn (seconds)"))
    rated = models.BooleanField(_("rated"), default=False)
    # An open table not listed in the lobby is reached by its share link only.
    listed = models.BooleanField(default=True)
    # The share link's secret: whoever opens the link may take a seat.
    token = models.CharField(max_length=32, unique=True)
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "kind"])]

    def __str__(self):
        return f"{self.get_kind_display()} {self.pk}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_declined(self) -> bool:
        return self.status == self.Status.DECLINED

    @property
    def is_table(self) -> bool:
        return self.kind == self.Kind.TABLE

    @property
    def game_name(self) -> str:
        """The game to be played, by the registry's name for it."""
        return str(get_game(self.game_type).name)


class ChallengeSeat(models.Model):
    """A seat of a challenge or open table: a person (who has accepted, or not yet) or
    a bot."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="challenge_seats",
    )
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    accepted = models.BooleanField(default=False)

    class Meta:
        ordering = ["challenge", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "position"], name="one_challenge_seat_position"
            ),
            models.UniqueConstraint(fields=["challenge", "user"], name="one_challenge_seat_each"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__isnull=False)
                | models.Q(user__isnull=False, bot__isnull=True),
                name="challenge_seat_is_user_or_bot",
            ),
        ]

    def __str__(self):
        return str(self.user or self.bot)


class Vacation(models.Model):
    """Days a person is away: the clock of their correspondence games stands still from
    ``starts_at`` to ``ends_at`` (play.vacation), within a yearly allowance."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()

    class Meta:
        ordering = ["starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="vacation_ends_later"
            )
        ]

    def __str__(self):
        return f"{self.user}: {self.starts_at:%Y-%m-%d} – {self.ends_at:%Y-%m-%d}"


class FriendlyRating(models.Model):
    """A person's rating from rated friendly games (``games.ratings``, as in events),
    updated as each such game finishes (play.rated)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friendly_ratings"
    )
    game = models.CharField(max_length=30, choices=GameKey.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_friendly_rating")]

    def __str__(self):
        return f"{self.user}: {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)
