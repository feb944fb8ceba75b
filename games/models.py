"""Stored things of the games app: the games' keys as model choices and the records
kept for their replay links."""

import uuid

from django.conf import settings
from django.db import models

from games.registry import game_choices

# The games' keys in the registry (games/registry.py), as the choices of a model field.
# (django-stubs has no overload for the functional form with labels.)
GameKey = models.TextChoices("GameKey", game_choices())  # type: ignore[call-overload]


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
