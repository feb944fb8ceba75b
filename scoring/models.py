"""How the players of a table agree on its result.

A *submission* is one proposed result of a table (a Call to Glory table entered round by
round, a Call to Adventure table's tableaux, or a digital game's record) with the
scorer's answer. The other players *confirm* it or *dispute* it; an organiser resolves a
dispute or overrides. Every change leaves an *audit entry*.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.registry import entry_kind_choices
from tournaments.models import Event, Table


class Submission(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("game in progress")
        PENDING = "pending", _("waiting for confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        REJECTED = "rejected", _("rejected by an organiser")
        OVERRIDDEN = "overridden", _("entered by an organiser")
        SUPERSEDED = "superseded", _("replaced by a later entry")

    OPEN = (Status.PENDING, Status.DISPUTED)
    # An entry the table is still adding rounds to, or one waiting for someone: a table
    # has at most one of these at a time.
    UNSETTLED = (Status.IN_PROGRESS, Status.PENDING, Status.DISPUTED)

    # Every game's entry kinds (games/registry.py), named by the document's format.
    Kind = models.TextChoices("Kind", entry_kind_choices())  # type: ignore[call-overload]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    entry = models.JSONField(help_text=_("what was entered, in the spec's JSON"))
    answer = models.JSONField(help_text=_("the scorer's answer"))
    rules_version = models.CharField(max_length=80, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(
        default=1, help_text=_("counts every change of the entry or its status")
    )
    round_authors = models.JSONField(
        default=list, blank=True, help_text=_("who entered each round, by account")
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status__in=["in_progress", "pending", "disputed"]),
                name="one_open_submission_per_table",
            )
        ]

    def __str__(self):
        return f"{self.get_kind_display()} for {self.table} ({self.status})"

    @property
    def is_disputed(self) -> bool:
        return self.status == self.Status.DISPUTED

    @property
    def is_complete(self) -> bool:
        return self.answer.get("valid") is True and self.answer.get("complete", True)

    @property
    def is_in_progress(self) -> bool:
        return self.status == self.Status.IN_PROGRESS

    @property
    def is_unsettled(self) -> bool:
        return self.status in self.UNSETTLED

    @property
    def is_pending(self) -> bool:
        return self.status == self.Status.PENDING

    @property
    def basis(self) -> str:
        """What a page or client that saw this entry names when it acts on it: a write
        made against an older basis is refused (``scoring.submissions.check_basis``)."""
        return f"{self.pk}.{self.revision}"

    @property
    def rounds(self) -> list:
        return list(self.entry.get("rounds", [])) if isinstance(self.entry, dict) else []

    @property
    def rounds_entered(self) -> int:
        """How many rounds of a game entered round by round are in the entry."""
        return len(self.entry.get("rounds", [])) if isinstance(self.entry, dict) else 0


class Confirmation(models.Model):
    class Decision(models.TextChoices):
        CONFIRM = "confirm", _("confirmed")
        DISPUTE = "dispute", _("disputed")

    submission = models.ForeignKey(
        Submission, on_delete=models.CASCADE, related_name="confirmations"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    decision = models.CharField(max_length=10, choices=Decision.choices)
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["submission", "user"], name="one_decision_each")
        ]

    def __str__(self):
        return f"{self.user} {self.decision} {self.submission_id}"

    @property
    def is_dispute(self) -> bool:
        return self.decision == self.Decision.DISPUTE


class AuditEntry(models.Model):
    """Who changed what about a table's result, when, from what to what, and why."""

    class Action(models.TextChoices):
        """What was done, and its words on the audit log's pages."""

        SUBMITTED = "submitted", _("entered the result")
        ENTERED_ROUNDS = "entered rounds", _("entered rounds of the game in progress")
        SUBMITTED_WITH_SLIP = (
            "submitted with the slip",
            _("entered the result with the table's slip"),
        )
        ENTERED_ROUNDS_WITH_SLIP = (
            "entered rounds with the slip",
            _("entered rounds with the table's slip"),
        )
        TOOK_BACK_A_ROUND = "took back a round", _("took back a round")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        ACCEPTED = "accepted", _("accepted the entry")
        REJECTED = "rejected", _("rejected the entry")
        OVERRIDDEN = "overridden", _("overrode the result")
        RESCORED = "rescored", _("scored again with new rules")
        CATALOGUE_IMPORTED = "catalogue imported", _("imported the card catalogue")
        # Written by play (its site games at event tables): a result that came from a
        # game with a forfeit (the reason: who forfeited; the actor: who started it).
        DECIDED_BY_A_FORFEIT = (
            "decided by a forfeit",
            _("started the site game whose result came from a forfeit"),
        )
        REPLAYED = "replayed", _("replayed the abandoned table on the site")
        VOIDED = "voided", _("voided the abandoned table: it counts for nobody")
        # The room's staff (``room``): the fast desk and judge calls.
        DESK_ENTRY = "desk entry", _("entered the result at the desk")
        DESK_CONFIRMED = "desk confirmed", _("confirmed the players' entry at the desk")
        JUDGE_CALLED = "judge called", _("called a judge")
        CALL_CLAIMED = "call claimed", _("claimed the judge call")
        CALL_ESCALATED = "call escalated", _("sent the judge call to the head judge")
        CALL_RESOLVED = "call resolved", _("resolved the judge call")
        EXTRA_MINUTES = "extra minutes", _("gave the table extra minutes for a judge call")

    # No constraint in the database (as ``Result.event``): checking one takes a
    # key-share lock on the event's row with every entry written, the thousand of a
    # round-end rush all on one row, and such a check waits behind a pairing that holds
    # the row while it deletes the tables. The column is the table's round's event,
    # written by ``scoring.audit``; an event's deletion deletes its entries (the ORM's
    # cascade).
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="audit_entries", db_constraint=False
    )
    table = models.ForeignKey(Table, on_delete=models.CASCADE, null=True, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    action = models.CharField(max_length=30, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.actor} {self.action} at {self.created_at:%Y-%m-%d %H:%M}"


class IdempotentResponse(models.Model):
    """The stored answer to an API write sent with an ``Idempotency-Key``: a retry from
    flaky venue Wi-Fi gets the same answer instead of a second submission
    (``scoring.idempotency``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    method = models.CharField(max_length=10, default="POST")
    path = models.CharField(max_length=300)
    fingerprint = models.CharField(
        max_length=64, default="", help_text=_("SHA-256 of the method, path and body")
    )
    status_code = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("empty while the first request runs")
    )
    body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_answer_per_key")]

    def __str__(self):
        return f"{self.key} → {self.status_code}"


class EventProfile(models.Model):
    """An event's own copy of a Call to Adventure rules profile, edited by an organiser."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="rules_profile")
    profile = models.JSONField()
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"rules profile of {self.event}"


class EventCatalogue(models.Model):
    """An event's Call to Adventure card catalogue (CSV or JSON as imported), for Destiny
    cards entered by their id: the site ships no real cards."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="catalogue")
    source = models.TextField(help_text=_("the catalogue as imported, CSV or JSON"))
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"card catalogue of {self.event}"
