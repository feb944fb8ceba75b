"""Rounds, their tables and the seats at them (seat 0 starts)."""

from typing import NamedTuple

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from lib.compiled import CompiledQuery
from tournaments.models.entrants import Entrant
from tournaments.models.events import Event


class Round(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", _("paired")
        COMPLETE = "complete", _("complete")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRED)
    paired_at = models.DateTimeField(auto_now_add=True)
    override_reason = models.TextField(blank=True)
    revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text=_(
            "bumped when the round is paired again, swapped or published: a change's basis"
        ),
    )
    draft = models.BooleanField(
        default=False, help_text=_("seen only by organisers until it is published")
    )
    # The round clock (``tournaments.round_clock``): when it ends (moved on by a
    # resume or an extension), when it was paused, extra minutes of single tables by
    # their number, and a revision every change bumps (what a change is based on).
    clock_ends_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_paused_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_extra = models.JSONField(default=dict, blank=True, editable=False)
    clock_revision = models.PositiveIntegerField(default=0, editable=False)
    # Check-in every round (``tournaments.round_check_in``): when the round's window
    # closes (set when it is published) and when it was closed (its forfeits written).
    check_in_closes_at = models.DateTimeField(null=True, blank=True, editable=False)
    check_in_closed_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Not stored: the tables as written, on the instance that paired them
    # (``tournaments.pairing.TablesWritten``), so the answer is not read back.
    tables_written = None

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number")]

    def __str__(self):
        return f"{self.event} round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.draft


class TableQuerySet(models.QuerySet):
    def with_seats(self) -> "TableQuerySet":
        """The tables with their seats, entrants and users, in one more query. Entrants are
        joined, not prefetched: Django 5.2 prefetches a foreign key as ``id = 1 OR id = 2
        OR ...``, which SQLite refuses past 1,000 terms ("Expression tree is too large")."""
        seats = Seat.objects.select_related("entrant__user")
        return self.prefetch_related(models.Prefetch("seats", queryset=seats))


class Table(models.Model):
    # Found by its round through ``one_table_number``, which leads with it: no index of
    # its own (a round of 2,500 tables wrote each one into both).
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", db_index=False
    )
    number = models.PositiveSmallIntegerField()
    is_bye = models.BooleanField(
        default=False, help_text=_("a single entrant sits this round out and scores a bye")
    )
    explanation = models.JSONField(default=dict, blank=True)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number")]

    def __str__(self):
        return f"{self.round} table {self.number}"

    @cached_property
    def seating(self) -> list["Seated"]:
        """Who sits where, by position, read once per object: an entry or confirmation
        asks who may act, the seats' names and, for the result, each seat's entrant of
        its (freshly locked) table. A table read ``with_seats`` answers from its seats,
        with no query."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return [
                Seated(
                    seat.position,
                    seat.entrant_id,
                    seat.entrant.name,
                    seat.entrant.user_id,
                    seat.entrant.user_id is not None and seat.entrant.user.is_active,
                )
                for seat in sorted(self.seats.all(), key=lambda seat: seat.position)
            ]
        return [Seated(*row) for row in SEATING.rows(self.pk)]

    @cached_property
    def seated_users(self) -> frozenset[int]:
        """The active accounts seated here (walk-ins and bots have none)."""
        return frozenset(seated.user_id for seated in self.seating if seated.user_is_active)


class Seated(NamedTuple):
    """A seat of ``Table.seating``: its entrant, and the entrant's account if any."""

    position: int
    entrant_id: int
    name: str
    user_id: int | None
    user_is_active: bool | None


# By the seat's own column (the default ordering would join the table and the round).
# Compiled once: every entry and confirmation of a result asks it.
SEATING = CompiledQuery(
    lambda table_id: (
        Seat.objects.filter(table_id=table_id)
        .order_by("position")
        .values_list(
            "position",
            "entrant_id",
            "entrant__name",
            "entrant__user_id",
            "entrant__user__is_active",
        )
    ),
    -7,
)


class Seat(models.Model):
    # Found by its table through ``one_seat_position``, which leads with it: no index of
    # its own (a round of 10,000 seats wrote each one into both).
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", db_index=False)
    # No constraint in the database: checking one at the commit of a round looked up
    # and key-share-locked every seated entrant's row, one by one (60 ms of 10,000
    # entrants' commit). Seats are written (pairing, an open league's logged game) for
    # the event's entrants read under the event's lock, and an entrant is deleted only
    # under that lock and while no seat names it (``registration.do_withdraw``).
    entrant = models.ForeignKey(
        Entrant, on_delete=models.PROTECT, related_name="seats", db_constraint=False
    )
    position = models.PositiveSmallIntegerField(help_text=_("0 starts"))

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_position")
        ]

    def __str__(self):
        return f"{self.table} seat {self.position + 1}"
