"""Stored things of the games app: the bots that can sit at a table."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.TextChoices):
    CALL_TO_GLORY = "call-to-glory", _("Call to Glory")
    CALL_TO_ADVENTURE = "call-to-adventure", _("Call to Adventure")


class Bot(models.Model):
    """A bot that can take a seat: one of the engine's built-in bots with its settings,
    or a remote HTTP endpoint that speaks the bot protocol (docs/bot-protocol.md)."""

    class Kind(models.TextChoices):
        BUILTIN = "builtin", _("built-in")
        REMOTE = "remote", _("remote")

    name = models.CharField(_("name"), max_length=80, unique=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="bots"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.BUILTIN)
    builtin_key = models.CharField(_("built-in bot"), max_length=40, blank=True)
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    endpoint_url = models.URLField(_("endpoint"), blank=True)
    secret = models.CharField(max_length=128, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name
