"""A table's official result (written only by ``tournaments.results``), the places
and points it gave, the standings' stored rows and requests, ratings, and the event's
log."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.ratings import ordinal
from tournaments.models.entrants import Entrant
from tournaments.models.events import Event
from tournaments.models.leagues import League
from tournaments.models.rounds import Table


class Result(models.Model):
    """The official outcome of a table. Written only by ``tournaments.results``."""

    class Source(models.TextChoices):
        PLAYERS = "players", _("entered by players and confirmed")
        ORGANISER = "organiser", _("entered or overridden by an organiser")
        RECORD = "record", _("digital game record")
        BOT = "bot", _("bot match")
        IMPORT = "import", _("imported from a file of logged plays")
        FORFEIT = "forfeit", _("the check-in's forfeit rule: the one player who came wins")

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="result")
    # The table's event, kept on the result: the event page's version counts the event's
    # results on every read (``tournaments.event_cache``), and through the tables and
    # rounds that was 17 ms of PostgreSQL a read at 5,625 results; by this column's
    # index it is a range of one index.
    # Indexed by ``results_of_event``, which leads with it: no index of its own. No
    # constraint in the database either: checking one takes a key-share lock on the
    # event's row with every result written, and a pairing holding that row (FOR
    # UPDATE) while it deletes a table a result is being written to deadlocked (seen).
    # The column is the table's round's event, written by the one result writer.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False
    )
    source = models.CharField(max_length=10, choices=Source.choices)
    rules_version = models.CharField(max_length=80, blank=True)
    detail = models.JSONField(
        default=dict, blank=True, help_text=_("the game record or tableau behind it")
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["event", "recorded_at"], name="results_of_event")]

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


class RatingsMark(models.Model):
    """How far the stored ratings of a league (or, with no league, of a game across all
    leagues) have followed the results, in the order ratings read them (recorded, then
    id): the last result rated and how many were. The next update rates only the
    results after it; when the count of those up to it moved (a result replaced, which
    stamps it anew, or one recorded late) or a ``RatingsRebuild`` waits, it rebuilds
    from all results."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.CharField(max_length=30)
    recorded_at = models.DateTimeField(null=True)
    result_id = models.BigIntegerField(default=0)  # not a key: a result may be replaced
    results = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["league", "game"],
                condition=models.Q(league__isnull=False),
                name="one_ratings_mark_per_league",
            ),
            models.UniqueConstraint(
                fields=["game"], condition=models.Q(league__isnull=True), name="one_ratings_mark"
            ),
        ]

    def __str__(self):
        return f"ratings of {self.league_id} {self.game} through result {self.result_id}"


class RatingsRebuild(models.Model):
    """A rated result was replaced: the ratings of its league (or, with no league, of
    its game across leagues) are rebuilt at their next update. Written in the
    replacement's own transaction, as an insert, so that it never waits for an update
    under way, and no update can miss it; deleted by the update that covered it."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.CharField(max_length=30)

    def __str__(self):
        return f"rebuild the ratings of {self.league_id} {self.game}"


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
        ROLE_GIVEN = "role given", _("named a judge or scorekeeper")
        ROLE_TAKEN = "role taken", _("removed a judge or scorekeeper")
        STREAM_ON = "stream on", _("switched the stream view on")
        STREAM_OFF = "stream off", _("switched the stream view off")
        CHECK_IN_CLOSED = "check-in closed", _("closed a round's check-in")
        FORFEIT_UNDONE = "forfeit undone", _("undid a forfeit")
        TEAM_CHANGED = "team changed", _("changed a team")
        ROUND_CHECKED_IN = "round checked in", _("checked a player in for a round")
        JOINED_SERIES = "joined series", _("added the event to a series")
        LEFT_SERIES = "left series", _("took the event out of a series")
        SCHEDULED = "scheduled", _("created the event for a recurring night")
        DECLARATIONS_ASKED = "declarations asked", _("changed what entrants declare")
        DECLARED = "declared", _("changed an entrant's declaration")
        DECLARATION_LOCKED = "declaration locked", _("locked an entrant's declaration")
        UNDECLARED_DROPPED = "undeclared dropped", _("dropped the entrants without a declaration")
        DUPLICATED = "duplicated", _("made the event as a copy of another")

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
