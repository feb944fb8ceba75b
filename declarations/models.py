"""Declared decks, factions or characters: an event may ask each entrant for a
declaration (free text, or one of the organiser's choices) before a deadline, after
which it locks. The organiser may edit any declaration and lock one early. Declarations
are public, or private (seen by the organisers and the entrant alone) until the event
ends. An entrant without one at the deadline is named on the event's declarations page."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DeclarationRule(models.Model):
    class Kind(models.TextChoices):
        TEXT = "text", _("free text")
        CHOICE = "choice", _("a choice from a list")

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, related_name="declaration_rule"
    )
    label = models.CharField(_("what entrants declare"), max_length=60)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.TEXT)
    choices = models.JSONField(_("choices"), default=list, blank=True)
    deadline = models.DateTimeField(_("deadline"))
    public = models.BooleanField(
        _("public"), default=True, help_text=_("off: only organisers see them until the end")
    )
    version = models.PositiveIntegerField(default=1)

    def __str__(self):
        return f"{self.label} ({self.event})"

    @property
    def is_choice(self) -> bool:
        return self.kind == self.Kind.CHOICE


class Declaration(models.Model):
    entrant = models.OneToOneField(
        "tournaments.Entrant", on_delete=models.CASCADE, related_name="declaration"
    )
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="+")
    text = models.CharField(_("declaration"), max_length=120)
    locked = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=1)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return self.text
