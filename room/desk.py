"""The fast desk: a scorekeeper's entry mode for the result wave. What it reads (the
last published round's tables, "X of Y tables reported", the ones still missing, and
each table's players' entry waiting to be confirmed) and what it writes, through
scoring's desk writes (``scoring.desk_entry``: a whole result as an organiser's
confirmed entry, or the players' entry confirmed), which write the result with the
one writer, ``tournaments.results``.

Only games entered by places or by scores are typed at the desk (``KINDS``): one number
per seat. Any other game's tables are entered on their own pages."""

from dataclasses import dataclass, field

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.scores_and_places import PLACES, SCORES
from lib.refusal import CONFLICT, Refusal
from scoring import desk_entry
from scoring.models import Submission
from tournaments.models import Result, Round, Table

KINDS = (PLACES, SCORES)
FIELD = {PLACES: "places", SCORES: "scores"}


@dataclass
class DeskTable:
    number: int
    seats: list[str]
    reported: bool
    basis: str = ""
    waiting: list | None = None  # the players' entry to confirm: a number per seat
    waiting_by: str = ""
    disputed: bool = False


@dataclass
class DeskRound:
    number: int | None
    kind: str | None
    tables: list[DeskTable] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.tables)

    @property
    def reported(self) -> int:
        return sum(table.reported for table in self.tables)

    @property
    def missing(self) -> list[int]:
        return [table.number for table in self.tables if not table.reported]


def desk_kind(event) -> str | None:
    """The kind the desk types for the event's game (None: not typed at the desk)."""
    kind = event.game_type.table_kind.key
    return kind if kind in KINDS else None


def current_round(event) -> Round | None:
    return event.rounds.filter(draft=False).order_by("-number").first()


def desk_round(event) -> DeskRound:
    """The last published round as the desk shows it: three queries, whatever its size."""
    round_ = current_round(event)
    kind = desk_kind(event)
    if round_ is None:
        return DeskRound(None, kind)
    tables = list(
        Table.objects.filter(round=round_, is_bye=False)
        .select_related("result")
        .with_seats()
        .order_by("number")
    )
    waiting = {
        submission.table_id: submission
        for submission in Submission.objects.filter(
            table__in=tables, status__in=Submission.OPEN
        ).select_related("submitted_by")
    }
    return DeskRound(round_.number, kind, [desk_table(t, waiting.get(t.pk), kind) for t in tables])


def desk_table(table: Table, submission: Submission | None, kind: str | None) -> DeskTable:
    reported = has_result(table)
    row = DeskTable(table.number, [s.name for s in table.seating], reported)
    if submission is not None and not reported:
        row.basis = submission.basis
        row.disputed = submission.is_disputed
        row.waiting = list(submission.entry.get(FIELD.get(kind, ""), []) or [])
        row.waiting_by = str(submission.submitted_by)
    return row


def has_result(table: Table) -> bool:
    """Whether ``table`` (read with ``select_related("result")``) has its result."""
    try:
        return table.result is not None
    except Result.DoesNotExist:
        return False


def table_of(event, number) -> Table:
    """The last published round's table ``number``, as the desk names it."""
    round_ = current_round(event)
    if round_ is None:
        raise Refusal(_("No round is published yet."), code=CONFLICT)
    return get_object_or_404(
        Table.objects.select_related("round__event"), round=round_, number=number, is_bye=False
    )


def do_enter(event, number: int, values: list, by, basis: str = "") -> Table:
    """The desk's whole result for table ``number``: one number per seat."""
    kind = desk_kind(event)
    if kind is None:
        raise Refusal(_("This game's results are entered on each table's page."), code=CONFLICT)
    table = table_of(event, number)
    desk_entry.do_desk_entry(table, kind, {FIELD[kind]: values}, by, basis)
    return table


def do_confirm(event, number: int, by, basis: str) -> Table:
    table = table_of(event, number)
    desk_entry.do_desk_confirm(table, by, basis)
    return table
