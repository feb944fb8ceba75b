"""Stored things of the games app: the games' keys as model choices and the records
kept for their replay links."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from games.declaring import Scoring, Ties
from games.names import validate_name_text
from games.registered import game_choices

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


# Keys are stored in fields of this length (Event.game, Rating.game).
KEY_LENGTH = 30


class CatalogueGame(models.Model):
    """A game the site knows by its scoring rules only (no engine): Carcassonne, Catan.
    Stored as data, and one more game type of the registry (``games.registry.get_game``,
    built by ``games.registered.catalogue``); added, renamed and deleted through
    ``games.catalogue_games``. Its ``key`` is fixed when it is added (events and
    ratings name it); its name may change.

    A game added by anyone but staff is its adder's until staff make it ``site_wide``:
    listed for them and the organisers of their leagues, its key a slug of its name with
    a random tail, its name and BoardGameGeek id theirs alone. A site-wide game's name
    and id are unique among site-wide games, so nobody can take a real game's name for
    everyone (docs/games.md, "Whose game it is")."""

    NAME_FIELDS = ("name",)

    name = models.CharField(_("name"), max_length=100, validators=[validate_name_text])
    key = models.SlugField(max_length=KEY_LENGTH, unique=True, allow_unicode=True)
    min_players = models.PositiveSmallIntegerField(_("fewest players"))
    max_players = models.PositiveSmallIntegerField(_("most players"))
    scoring = models.CharField(_("scoring"), max_length=10, choices=Scoring.choices)
    ties = models.CharField(_("ties"), max_length=20, choices=Ties.choices)
    bgg_id = models.PositiveIntegerField(_("BoardGameGeek id"), null=True, blank=True)
    site_wide = models.BooleanField(
        _("site-wide"), default=False, help_text=_("listed for everyone (staff decide)")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"), condition=Q(site_wide=True), name="catalogue_game_name_unique_ci"
            ),
            models.UniqueConstraint(
                Lower("name"),
                "created_by",
                condition=Q(site_wide=False),
                name="catalogue_game_own_name_unique_ci",
            ),
            models.UniqueConstraint(
                "bgg_id", condition=Q(site_wide=True), name="catalogue_game_bgg_id_unique"
            ),
        ]

    def __str__(self):
        return self.name
