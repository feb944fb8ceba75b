"""Stored things of the games app: the bots that can sit at a table."""

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.ratings import ordinal
from games.registry import game_choices

# The games of the registry (games/registry.py), as the choices of a model field.
# (django-stubs has no overload for the functional form with labels.)
Game = models.TextChoices("Game", game_choices())  # type: ignore[call-overload]


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

    name = models.CharField(_("name"), max_length=80, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="bots"
    )
    description = models.TextField(_("description"), blank=True)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUILTIN)
    builtin_key = models.CharField(_("built-in bot"), max_length=40, blank=True)
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    endpoint_url = models.URLField(_("endpoint"), blank=True)
    secret = models.CharField(max_length=128, blank=True)
    move_timeout_ms = models.PositiveIntegerField(
        _("time per move (ms)"), default=500, help_text=_("remote bots only")
    )
    time_bank_ms = models.PositiveIntegerField(
        _("time bank per game (ms)"),
        default=5000,
        help_text=_("extra time a remote bot may spend over the per-move time, per game"),
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
    def is_remote(self) -> bool:
        return self.kind == self.Kind.REMOTE

    @property
    def rating(self) -> float:
        """The conservative rating shown on pages (openskill's ordinal)."""
        return ordinal(self.rating_mu, self.rating_sigma)


class GameRecord(models.Model):
    """A game record kept so that its replay has a link to share: one pasted or uploaded
    on the replay page. Records of bot matches and event results live with those."""

    key = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    record = models.JSONField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"record {self.key}"
