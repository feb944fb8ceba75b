"""Leagues and their seasons, who may see them, and the limits every model keeps."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.names import validate_name_text

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
