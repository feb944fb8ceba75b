"""What integrations keep: the hooks organisers subscribe (a signed webhook or a chat
channel's incoming webhook, for a league or an event), each delivery's log, and each
person's calendar token."""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event, League


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class Topic(models.TextChoices):
    ROUND_PAIRED = "round.paired", _("a round is paired")
    ROUND_PUBLISHED = "round.published", _("a draft round is published")
    RESULT_OFFICIAL = "result.official", _("a result is official")
    RESULT_OVERRIDDEN = "result.overridden", _("a result is overridden")
    STANDINGS_CHANGED = "standings.changed", _("the standings changed")
    EVENT_FINISHED = "event.finished", _("an event is finished")
    BATCH_FINISHED = "batch.finished", _("a batch of bot games is finished")
    TEST = "test", _("a test")


# What a league's or an event's hook may choose; a bot author's hook hears of batches.
SUBSCRIBABLE = [topic for topic in Topic if topic not in (Topic.TEST, Topic.BATCH_FINISHED)]
AUTHOR_TOPICS = [Topic.BATCH_FINISHED]


class Hook(models.Model):
    """Where a league's, an event's or a bot author's news goes: exactly one of
    ``league``, ``event`` and ``author`` is set. A signed hook gets JSON signed with
    ``secret`` for the ``topics`` it chose; a chat hook gets short messages in
    ``language`` (pairings, results, the final standings). An author's hook is signed
    and hears of the batches they scheduled (``batch.finished``)."""

    class Kind(models.TextChoices):
        SIGNED = "signed", _("signed webhook (JSON)")
        CHAT = "chat", _("chat channel (Discord and any incoming webhook)")

    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    league = models.ForeignKey(
        League, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text=_("a bot author's hook: their batches"),
    )
    url = models.URLField(_("address"), max_length=500)
    topics = models.JSONField(default=list, blank=True)
    secret = models.CharField(max_length=64, default=new_secret, editable=False)
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    failures = models.PositiveIntegerField(default=0, editable=False)
    paused_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(league__isnull=False, event__isnull=True, author__isnull=True)
                    | models.Q(league__isnull=True, event__isnull=False, author__isnull=True)
                    | models.Q(league__isnull=True, event__isnull=True, author__isnull=False)
                ),
                name="hook_of_a_league_an_event_or_an_author",
            )
        ]

    def __str__(self):
        return self.url

    @property
    def is_signed(self) -> bool:
        return self.kind == self.Kind.SIGNED

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None

    def get_topics_display(self) -> list[str]:
        return [Topic(topic).label for topic in self.topics]


class Delivery(models.Model):
    """One message to a hook: its ``key`` is the id the receiver sees, the same on
    every try, so that it acts once however often it is sent."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed")

    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    hook = models.ForeignKey(Hook, on_delete=models.CASCADE, related_name="deliveries")
    topic = models.CharField(max_length=30, choices=Topic.choices)
    body = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    answer_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    tried_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.topic} → {self.hook}"


class CalendarToken(models.Model):
    """The unguessable part of a person's calendar feed's address; reset, it changes
    and the old address answers 404."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    token = models.CharField(max_length=64, unique=True, default=new_secret)

    def __str__(self):
        return f"calendar of {self.user}"
