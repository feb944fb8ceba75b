"""Bot matches and how they are scheduled.

Words: a *bot* is one that can take a seat (a built-in bot with its settings, or a
remote one); a *match* is one game between bots, played by a worker from its stored
seed; a *batch* is a set of matches scheduled together (one game, N games with the seats
rotated, a round robin, a ladder's round), its matches numbered 0..total-1; a *chunk* is
a slice of a built-in-only batch that one task plays and bulk-inserts; a *fault* is
something a bot did wrong in a match (timeout, illegal or malformed answer, refused
connection, non-2xx status); a *ladder* pairs its bots every so often.

Claims: a worker takes a match (or a chunk) with a conditional UPDATE from queued (or
from running with an expired lease) to running, with a fresh claim token, and stores
its outcome only while that token still holds, so a redelivered or reclaimed task
never records a game twice.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from botplay.bundles import unpack
from games.declaring import LivePlay
from games.models import GameKey
from games.names import validate_name_text
from games.ratings import ordinal
from games.registry import DEFAULT_GAME, get_game

# The site's own bots, whose names are said in the reader's language; an author's bot
# keeps the name its author gave it (names are unique, so no author's bot has these).
SITE_BOT_NAMES = {
    "Easy bot": _("Easy bot"),
    "Medium bot": _("Medium bot"),
    "Hard bot": _("Hard bot"),
}


def said_bot_name(name: str) -> str:
    """A bot's name as the reader reads it (a numbered seat of one at a game, "Medium
    bot 2", keeps its number)."""
    base, _space, number = name.rpartition(" ")
    if number.isdigit() and base in SITE_BOT_NAMES:
        return f"{SITE_BOT_NAMES[base]} {number}"
    return str(SITE_BOT_NAMES.get(name, name))


class Bot(models.Model):
    """A bot that can take a seat: one of the engine's built-in bots with its settings,
    or a remote HTTP endpoint that speaks the bot protocol (docs/bot-protocol.md).

    A remote bot's ``secret`` is kept in clear because every request to the bot is signed
    with it (HMAC); the site shows it only when it is made or rotated. ``rating_*`` is
    the bot's rating from every bot match (openskill's Plackett-Luce), kept by
    ``bots.ratings``."""

    class Kind(models.TextChoices):
        BUILTIN = "builtin", _("built-in")
        REMOTE = "remote", _("remote")
        UPLOADED = "uploaded", _("uploaded")

    NAME_FIELDS = ("name",)

    name = models.CharField(_("name"), max_length=80, unique=True, validators=[validate_name_text])
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="bots"
    )
    description = models.TextField(_("description"), blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUILTIN)
    game = models.CharField(_("game"), max_length=30, choices=GameKey.choices, default=DEFAULT_GAME)
    builtin_key = models.CharField(_("built-in bot"), max_length=40, blank=True)
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    endpoint_url = models.URLField(_("endpoint"), blank=True)
    secret = models.CharField(max_length=128, blank=True)
    move_timeout_ms = models.PositiveIntegerField(
        _("time per move (ms)"), default=500, help_text=_("remote and uploaded bots")
    )
    time_bank_ms = models.PositiveIntegerField(
        _("time bank per game (ms)"),
        default=5000,
        help_text=_(
            "extra time a remote or uploaded bot may spend over the per-move time, per game"
        ),
    )
    public = models.BooleanField(
        _("public"),
        default=False,
        help_text=_(
            "Listed in everyone's Play now, for a friendly game against it. A private bot "
            "is listed for you alone."
        ),
    )
    rating_mu = models.FloatField(default=25.0)
    rating_sigma = models.FloatField(default=25.0 / 3)
    games_rated = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    @property
    def is_builtin(self) -> bool:
        return self.kind == self.Kind.BUILTIN

    @property
    def is_remote(self) -> bool:
        return self.kind == self.Kind.REMOTE

    @property
    def is_uploaded(self) -> bool:
        return self.kind == self.Kind.UPLOADED

    @property
    def said_name(self) -> str:
        return said_bot_name(self.name)

    @property
    def rating(self) -> float:
        """The conservative rating shown on pages (openskill's ordinal)."""
        return ordinal(self.rating_mu, self.rating_sigma)


class WorkStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class Ladder(models.Model):
    """A standing ladder: every ``every_minutes`` a django-celery-beat PeriodicTask
    schedules a batch pairing its bots by rating."""

    name = models.CharField(_("name"), max_length=120, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    bots = models.ManyToManyField(Bot, related_name="ladders")
    options = models.JSONField(_("rules options"), default=dict, blank=True)
    games_per_pairing = models.PositiveSmallIntegerField(_("games per pairing"), default=2)
    table_size = models.PositiveSmallIntegerField(
        _("bots per table"), default=2, validators=[MinValueValidator(2), MaxValueValidator(4)]
    )
    every_minutes = models.PositiveIntegerField(_("every (minutes)"), default=60)
    periodic_task = models.OneToOneField(
        "django_celery_beat.PeriodicTask", on_delete=models.SET_NULL, null=True, blank=True
    )
    rounds_played = models.PositiveIntegerField(default=0)
    division_size = models.PositiveSmallIntegerField(
        _("bots per division"),
        default=0,
        help_text=_(
            "0: one ladder, paired by rating. More: divisions of this many bots, a round "
            "robin in each per cycle, the best promoted and the worst relegated."
        ),
    )
    promoted = models.PositiveSmallIntegerField(_("promoted and relegated per division"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name


class DivisionSeat(models.Model):
    """A bot's division in a ladder run as divisions (1: the top one), and its
    quarantine: a bot that forfeited repeatedly in a cycle sits out the next cycles
    (``bots.divisions``)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="division_seats")
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="division_seats")
    division = models.PositiveSmallIntegerField()
    quarantined_until = models.PositiveIntegerField(
        default=0, help_text=_("the first cycle it plays again after a quarantine")
    )
    quarantine_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["ladder", "division", "bot__name"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "bot"], name="one_division_seat_per_bot")
        ]

    def __str__(self):
        return f"{self.bot} in division {self.division} of {self.ladder}"


class DivisionCycle(models.Model):
    """One cycle of a ladder run as divisions: its batch (a round robin in each
    division) and, once it is played, its standings: per bot its division, games,
    wins, mean score, rating and move ("up", "down", "quarantined" or "")."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="cycles")
    number = models.PositiveIntegerField()
    batch = models.OneToOneField(
        "Batch", on_delete=models.SET_NULL, null=True, blank=True, related_name="cycle"
    )
    closed = models.BooleanField(default=False)
    standings = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["ladder", "number"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "number"], name="one_cycle_per_number")
        ]

    def __str__(self):
        return f"cycle {self.number} of {self.ladder}"


class Batch(models.Model):
    """Matches scheduled together. Game ``n`` plays lineup ``n // games_per_lineup``
    with its seats rotated by ``n % games_per_lineup``; its seed derives from ``seed``."""

    class Kind(models.TextChoices):
        SINGLE = "single", _("one match")
        SERIES = "series", _("series with seats rotated")
        ROUND_ROBIN = "round_robin", _("round robin")
        LADDER = "ladder", _("ladder round")
        EVENT = "event", _("event round")

    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.SERIES)
    name = models.CharField(_("name"), max_length=160, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    ladder = models.ForeignKey(
        Ladder, on_delete=models.CASCADE, null=True, blank=True, related_name="batches"
    )
    event = models.ForeignKey(
        "tournaments.Event", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    lineups = models.JSONField(default=list, help_text=_("bot ids per table, seat order"))
    games_per_lineup = models.PositiveIntegerField(default=1)
    total = models.PositiveIntegerField(default=0)
    game = models.CharField(max_length=30, choices=GameKey.choices, default=DEFAULT_GAME)
    options = models.JSONField(_("rules options"), default=dict, blank=True)
    seed = models.BigIntegerField(default=0)
    chunked = models.BooleanField(
        default=True, help_text=_("played in chunks (built-in bots only), not match by match")
    )
    work_ms = models.PositiveBigIntegerField(
        default=0, help_text=_("the worker's milliseconds its games take, estimated")
    )
    fanned_out = models.BooleanField(
        default=True, help_text=_("its matches or chunks are written and sent to the workers")
    )
    status = models.CharField(max_length=10, choices=WorkStatus.choices, default=WorkStatus.QUEUED)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        made = date_format(localtime(self.created_at), "SHORT_DATETIME_FORMAT")
        return self.name or f"{self.get_kind_display()}, {made}"

    @property
    def live(self) -> LivePlay:
        """How its games are played: the engine and bots of the batch's game."""
        return get_game(self.game).played


class Chunk(models.Model):
    """Games ``first`` to ``last - 1`` of a built-in-only batch, played by one task."""

    batch = models.ForeignKey(Batch, on_delete=models.CASCADE, related_name="chunks")
    first = models.PositiveIntegerField()
    last = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=WorkStatus.choices, default=WorkStatus.QUEUED)
    claim_token = models.UUIDField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["batch", "first"]
        indexes = [models.Index(fields=["status", "claimed_at"])]

    def __str__(self):
        return f"games {self.first}-{self.last - 1} of {self.batch}"


class Match(models.Model):
    """One game between bots. ``record`` is the call-to-glory/1 record (it validates);
    ``result`` the validator's result; the places on the seats are the official ones
    (a forfeiting seat is placed last)."""

    batch = models.ForeignKey(
        Batch, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
    number = models.PositiveIntegerField(default=0)
    table = models.ForeignKey(
        "tournaments.Table",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="bot_matches",
    )
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=WorkStatus.choices, default=WorkStatus.QUEUED)
    claim_token = models.UUIDField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    record = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    rated = models.BooleanField(default=False)
    # Each decision a bot was asked and the time it took (``botplay.refereeing.Outcome``):
    # {"limits": ms per move by seat (null: built-in), "decisions": [[decision, seat, ms]]}.
    timings = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["batch", "number"],
                condition=models.Q(batch__isnull=False),
                name="one_match_per_batch_number",
            )
        ]
        indexes = [
            models.Index(fields=["batch", "status"]),
            models.Index(fields=["status", "claimed_at"]),
            models.Index(fields=["status", "rated"]),
        ]

    def __str__(self):
        if self.batch_id is None:
            return f"match at {self.table}"
        return f"game {self.number + 1} of {self.batch}"

    def in_words(self) -> str:
        """The match as a page names it: its bots in seat order and when it finished."""
        bots = " · ".join(seat.bot.name for seat in self.seats.all())
        if self.finished_at is None:
            return bots
        return f"{bots}, {date_format(localtime(self.finished_at), 'SHORT_DATETIME_FORMAT')}"


class MatchSeat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    bot = models.ForeignKey(Bot, on_delete=models.PROTECT, related_name="match_seats")
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    forfeited = models.BooleanField(default=False)
    faults = models.PositiveSmallIntegerField(default=0)
    rating_after = models.FloatField(
        null=True,
        blank=True,
        help_text=_("The bot's shown rating (mu - 3 sigma) once this match was rated."),
    )

    class Meta:
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_match_seat_position")
        ]

    def __str__(self):
        return f"{self.bot} in seat {self.position + 1} of {self.match}"


class FaultRecord(models.Model):
    """What a bot did wrong, with the evidence: in a bot match (``Fault``) or in a game
    on the site (``play.GameFault``)."""

    class Kind(models.TextChoices):
        TIMEOUT = "timeout", _("timed out")
        ILLEGAL = "illegal", _("illegal move")
        MALFORMED = "malformed", _("malformed answer")
        CONNECTION = "connection", _("connection failed")
        HTTP_STATUS = "http_status", _("error status")
        CRASH = "crash", _("crashed")
        MEMORY = "memory", _("out of memory")

    position = models.PositiveSmallIntegerField(_("seat"))
    kind = models.CharField(max_length=12, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    move_number = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("1-based within the round; empty for /start, /end")
    )
    evidence = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-id"]

    @property
    def outline(self) -> str:
        """What anyone may read of the fault: the evidence may name the bot's host and
        address, or quote its answer, which are its author's business (and staff's)."""
        return str(FAULT_OUTLINES.get(self.kind, ""))


class Fault(FaultRecord):
    """A bot's fault in a match. Platform failures (a worker crash, a lost broker) are
    never faults: the match is played again."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="faults")
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="faults")

    class Meta(FaultRecord.Meta):
        pass

    def __str__(self):
        return f"{self.get_kind_display()} by {self.bot} in {self.match}"


FAULT_OUTLINES: dict[str, object] = {
    FaultRecord.Kind.TIMEOUT: _("no complete answer within the move's time and the bank"),
    FaultRecord.Kind.ILLEGAL: _("the move was not one of the legal moves"),
    FaultRecord.Kind.MALFORMED: _("the answer was not a move the protocol allows"),
    FaultRecord.Kind.CONNECTION: _("the connection was refused, reset or closed before an answer"),
    FaultRecord.Kind.HTTP_STATUS: _("the answer had an error status"),
    FaultRecord.Kind.CRASH: _("the uploaded bot's process ended instead of answering"),
    FaultRecord.Kind.MEMORY: _("the uploaded bot ran out of memory"),
}


class BotUpload(models.Model):
    """An uploaded bot's source (docs/bots.md, "Uploaded bots"): one Python file, or a
    zip archive and the file in it to run, as uploaded (checked by ``botplay.bundles``
    on upload and again when a worker unpacks it). Kept in the database so that every
    worker reads the same bytes; a new upload replaces it."""

    bot = models.OneToOneField(Bot, on_delete=models.CASCADE, related_name="upload")
    filename = models.CharField(_("file"), max_length=200)
    content = models.BinaryField()
    entry_point = models.CharField(_("entry point"), max_length=200)
    sha256 = models.CharField(max_length=64)
    uploaded_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"{self.filename} of {self.bot}"

    def files(self) -> dict[str, bytes]:
        """Its files by path, the entry point among them."""
        return unpack(self.filename, bytes(self.content), self.entry_point)


class SourceCheck(models.Model):
    """An uploaded source on its way in: a new bot's first, or a new version. It is
    played in one probe game in the sandbox by a ``bots`` worker (``bots.probes``); it
    becomes the bot's ``BotUpload`` only once that game is passed, so until then a new
    bot cannot play and an old version plays on. ``evidence`` is the referee's when the
    game refused it. Claimed as a match is (``claim_token``, ``claimed_at``)."""

    bot = models.OneToOneField(Bot, on_delete=models.CASCADE, related_name="source_check")
    filename = models.CharField(_("file"), max_length=200)
    content = models.BinaryField()
    entry_point = models.CharField(_("entry point"), max_length=200)
    sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=WorkStatus.choices, default=WorkStatus.QUEUED)
    claim_token = models.UUIDField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    evidence = models.TextField(blank=True)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "claimed_at"])]

    def __str__(self):
        return f"check of {self.filename} of {self.bot}"

    IN_FLIGHT = (WorkStatus.QUEUED, WorkStatus.RUNNING)

    @property
    def in_flight(self) -> bool:
        return self.status in self.IN_FLIGHT

    @property
    def refused(self) -> bool:
        return self.status == WorkStatus.FAILED
