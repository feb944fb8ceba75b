"""The people who run an event's room besides its organisers (who are
``Event.organisers``, the co-organisers, named by the event's creator): *judges*, who
settle disputes, override results and call time at the tables they are given (by
number, or every table), and *scorekeepers*, who enter and confirm results at the desk
for any table and do nothing else. An organiser names them (``tournaments.roles``); who
may do what is ``tournaments.permissions``."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class EventRole(models.Model):
    class Role(models.TextChoices):
        JUDGE = "judge", _("judge")
        SCOREKEEPER = "scorekeeper", _("scorekeeper")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=12, choices=Role.choices)
    tables = models.JSONField(
        default=list, blank=True, help_text=_("a judge's tables by number; empty: every table")
    )
    named_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["role", "created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_each")]

    def __str__(self):
        return f"{self.user} {self.role} of {self.event}"

    @property
    def is_judge(self) -> bool:
        return self.role == self.Role.JUDGE

    @property
    def judges_every_table(self) -> bool:
        return self.is_judge and not self.tables

    def covers(self, table_number: int) -> bool:
        """Whether a judge's scope holds the table numbered ``table_number``."""
        return self.is_judge and (not self.tables or table_number in self.tables)
