"""The people who run the room: judge calls.

A *judge call* is a table asking for a judge (a player of it, or its printed slip's
walk-in), with an optional reason. It is *open* until a judge *claims* it (the caller
sees who is coming), may be *escalated* to the head judge (the event's organisers),
and is *resolved* by a judge. The time from the claim to the resolution, over a
minute, is offered as the table's extra minutes on the round clock. A table has one
call not resolved at a time, and none once it has its result (``room.calls``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, Table


class JudgeCall(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for a judge")
        CLAIMED = "claimed", _("a judge is coming")
        ESCALATED = "escalated", _("sent to the head judge")
        RESOLVED = "resolved", _("resolved")

    UNRESOLVED = (Status.OPEN, Status.CLAIMED, Status.ESCALATED)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="judge_calls")
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    judge = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    escalated_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    extra_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("the extra minutes given to the table for this call")
    )
    revision = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status__in=["open", "claimed", "escalated"]),
                name="one_unresolved_call_per_table",
            )
        ]

    def __str__(self):
        return f"judge call at {self.table} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_claimed(self) -> bool:
        return self.status == self.Status.CLAIMED

    @property
    def is_resolved(self) -> bool:
        return self.status == self.Status.RESOLVED

    @property
    def is_escalated(self) -> bool:
        return self.status == self.Status.ESCALATED

    @property
    def basis(self) -> str:
        """What a page that showed the call names when it acts on it."""
        return f"{self.pk}.{self.revision}"

    @property
    def paused_minutes(self) -> int:
        """Whole minutes (rounded up) from the claim to the resolution, offered as the
        table's extra time when over one minute; 0 otherwise."""
        if self.claimed_at is None or self.resolved_at is None:
            return 0
        seconds = (self.resolved_at - self.claimed_at).total_seconds()
        return -int(-seconds // 60) if seconds > 60 else 0


class StreamLink(models.Model):
    """An event's view for a broadcast (``room.stream``): a public link by its token,
    which the organisers switch on and off, showing the round's clock and a chosen
    table's live state (``table_number``) or, without one, the top of the standings."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="stream_link")
    token = models.CharField(max_length=43, unique=True)
    enabled = models.BooleanField(default=True)
    table_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("the table shown; empty: the top of the standings")
    )
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"stream view of {self.event}"
