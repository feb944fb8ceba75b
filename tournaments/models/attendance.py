"""Check-in every round: who said they are at their table for a round, and the seats
forfeited by those who did not (written only by ``tournaments.round_check_in``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entrants import Entrant
from tournaments.models.rounds import Round, Table


class RoundCheckIn(models.Model):
    """An entrant is here for a round: they said so themself (``by`` is them), an
    organiser did, or the table's slip did (``by`` empty, ``from_slip``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="check_ins")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="round_check_ins")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    from_slip = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="one_check_in_a_round")
        ]

    def __str__(self):
        return f"{self.entrant} here for {self.round}"


class Forfeit(models.Model):
    """An entrant who did not check in before their round's window closed: their seat
    is placed last at the table. An organiser may undo it, with a reason (then it counts
    for nothing; ``dropped``: the entrant this forfeit dropped is put back)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="forfeits")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="forfeits")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="forfeits")
    position = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    dropped = models.BooleanField(
        default=False, help_text=_("the second no-show in a row: it dropped the entrant")
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    undo_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["round", "table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="one_forfeit_a_round")
        ]

    def __str__(self):
        return f"{self.entrant} forfeited {self.round}"

    @property
    def stands(self) -> bool:
        return self.undone_at is None
