"""Teams of a team event (format ``team-swiss``): a name, a captain who may enter and
withdraw the team's players, and its members (``Entrant.team``, by ``Entrant.board``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.names import validate_name_text
from tournaments.models.events import Event


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80, validators=[validate_name_text])
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="captained_teams",
        verbose_name=_("captain"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # What a change of the team names (a stale one is refused); bumped by every change.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="one_team_name_an_event")
        ]

    def __str__(self):
        return self.name
