"""Who takes a seat in an event: a person or a bot, their status and place."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.names import validate_name_text
from tournaments.models.events import Event


class Entrant(models.Model):
    """A seat-taker in one event: a user or a bot (exactly one of the two)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        DROPPED = "dropped", _("dropped")
        WAITLISTED = "waitlisted", _("on the waitlist")

    class DropReason(models.TextChoices):
        """Why a dropped entrant is out: it decides how they are listed and whether they
        may register again themself (only who withdrew)."""

        NONE = "", _("not dropped")
        WITHDREW = "withdrew", _("withdrew")
        ORGANISER = "organiser", _("dropped by an organiser")
        NO_SHOW = "no-show", _("did not check in")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
    )
    bot = models.ForeignKey(
        "bots.Bot", on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    NAME_FIELDS = ("name", "club")

    name = models.CharField(_("name"), max_length=80, validators=[validate_name_text])
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    joined_round = models.PositiveSmallIntegerField(default=1)
    start_points = models.FloatField(_("starting points"), default=0)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    drop_reason = models.CharField(
        max_length=10, choices=DropReason.choices, default=DropReason.NONE, blank=True
    )
    seed = models.PositiveIntegerField(
        _("seed"), default=0, help_text=_("knockout seeding, 1 the top seed; 0 by standings")
    )
    club = models.CharField(_("club"), max_length=80, blank=True, validators=[validate_name_text])
    fixed_table = models.PositiveSmallIntegerField(
        _("fixed table"),
        null=True,
        blank=True,
        help_text=_("the table number they sit at every round (an accessible table)"),
    )
    # A team event: the entrant's team (one at most: a player is never in two teams of
    # an event) and their board in it, 1 the first.
    team = models.ForeignKey(
        "tournaments.Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
    )
    board = models.PositiveSmallIntegerField(default=0)
    registered_at = models.DateTimeField(default=timezone.now, help_text=_("the waitlist's order"))
    checked_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__isnull=False)
                | models.Q(user__isnull=False, bot__isnull=True),
                name="entrant_is_user_or_bot",
            ),
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_user"),
            models.UniqueConstraint(fields=["event", "bot"], name="one_entry_per_bot"),
        ]

    def __str__(self):
        return self.name

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def is_dropped(self) -> bool:
        return self.status == self.Status.DROPPED

    @property
    def is_waitlisted(self) -> bool:
        return self.status == self.Status.WAITLISTED

    @property
    def is_no_show(self) -> bool:
        return self.is_dropped and self.drop_reason == self.DropReason.NO_SHOW

    @property
    def drop_mark(self) -> str:
        """How a dropped entrant is listed ("" when not dropped)."""
        if not self.is_dropped:
            return ""
        if self.is_no_show:
            return str(self.DropReason.NO_SHOW.label)
        if not self.dropped_after_round:
            return str(_("dropped before round 1"))
        if self.drop_reason == self.DropReason.WITHDREW:
            return str(_("withdrew after round %(n)s") % {"n": self.dropped_after_round})
        return str(_("dropped after round %(n)s") % {"n": self.dropped_after_round})

    @property
    def is_checked_in(self) -> bool:
        return self.checked_in_at is not None

    @property
    def waitlist_place(self) -> int | None:
        """1 for the first on the waitlist; None when not on it."""
        if not self.is_waitlisted:
            return None
        ahead = Entrant.objects.filter(
            event_id=self.event_id, status=self.Status.WAITLISTED
        ).filter(
            models.Q(registered_at__lt=self.registered_at)
            | models.Q(registered_at=self.registered_at, pk__lt=self.pk)
        )
        return ahead.count() + 1

    @property
    def is_walk_in(self) -> bool:
        """A player with no account of their own (a placeholder user that cannot log in):
        they are never asked to confirm anything."""
        return self.user_id is not None and not self.user.is_active
