"""The organiser's results desk for an event: exactly the tables that wait for someone,
and for whom (an organiser first: disputes, entries no other player can confirm, tables
whose site game was abandoned; then players: entries to confirm, games in progress,
tables with nothing entered), and the event's audit log. Both follow the desk's push
stream (``scoring.views.push``): the page fetches itself again on every change, and
swaps them in unless the organiser's focus is in them (``static/js/push.js``).

A table's site game is read through the ``played_game`` relation (``play`` keeps it;
scoring imports nothing from play): ``game.is_abandoned``. The desk's actions for it
are play's (``{% abandoned_table %}``)."""

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.shortcuts import render
from django.utils.translation import gettext as _

from scoring.audit import in_words
from scoring.desk_changes import desk_stamp
from scoring.models import AuditEntry, Confirmation, Submission
from scoring.submissions import players_to_confirm
from scoring.views.common import new_form_token
from tournaments.models import Table
from tournaments.permissions import access_event_as_organiser

AUDIT_SHOWN = 200
Status = Submission.Status


@dataclass
class Waiting:
    """One table that waits: for ``whom`` (names, or the organiser) and to do what."""

    table: Table
    what: str
    whom: str
    submission: Submission | None = None
    organiser_confirms: bool = False
    abandoned_game: object = None
    names: list[str] = field(default_factory=list)


def waiting_tables(event) -> list[Waiting]:
    """Every table of the event without its official result, and what it waits for:
    first what waits for an organiser, then what waits for the players."""
    tables = list(
        Table.objects.filter(round__event=event, is_bye=False, result__isnull=True)
        .select_related("round", "played_game")
        .with_seats()
        .order_by("round__number", "number")
    )
    unsettled = _unsettled_submissions(tables)
    rounds_total = event.game_type.rounds(event.rules_options)
    for_organiser: list = []
    for_players: list = []
    for table in tables:
        submission = unsettled.get(table.pk)
        if submission is not None:
            submission.table = table  # read with its seats: who is to confirm costs no query
        waiting, organisers = _waiting_for(table, submission, rounds_total)
        (for_organiser if organisers else for_players).append(waiting)
    return for_organiser + for_players


def _unsettled_submissions(tables) -> dict:
    """The unsettled entry of each of ``tables`` that has one, by table."""
    return {
        submission.table_id: submission
        for submission in Submission.objects.filter(
            table__in=tables, status__in=Submission.UNSETTLED
        )
        .select_related("submitted_by")
        .prefetch_related(
            Prefetch("confirmations", queryset=Confirmation.objects.select_related("user"))
        )
    }


def _waiting_for(table, submission, rounds_total: int) -> tuple[Waiting, bool]:
    """What ``table`` waits for, and whether an organiser (not its players) is to act."""
    organiser, players = _("an organiser"), _("the players of the table")
    game = getattr(table, "played_game", None)
    if submission is None and game is not None and game.is_abandoned:
        what = _("Abandoned: enter the result, replay, or void the table")
        return Waiting(table, what, organiser, abandoned_game=game), True
    if submission is None:
        return Waiting(table, _("Nothing entered yet"), players), False
    if submission.is_disputed:
        return Waiting(table, _("Disputed: settle it"), organiser, submission), True
    if submission.is_in_progress:
        what = _("Game in progress: %(n)s of %(total)s rounds entered") % {
            "n": submission.rounds_entered,
            "total": rounds_total,
        }
        return Waiting(table, what, players, submission), False
    to_confirm = players_to_confirm(submission)
    if not to_confirm:
        what = _("Entered; no other player here has an account")
        return Waiting(table, what, organiser, submission, organiser_confirms=True), True
    waiting = to_confirm - {c.user_id for c in submission.confirmations.all()}
    names = [seat.entrant.name for seat in table.seats.all() if seat.entrant.user_id in waiting]
    return Waiting(table, _("To confirm"), ", ".join(names), submission, names=names), False


def desk(request, slug: str):
    event = access_event_as_organiser(request.user, slug)
    stamp = desk_stamp(event.pk)  # before what it shows: a change between is pushed
    audit = in_words(
        AuditEntry.objects.filter(event=event)
        .select_related("actor", "table__round")
        .order_by("-created_at", "-pk")[:AUDIT_SHOWN]
    )
    waiting = waiting_tables(event)
    return render(
        request,
        "scoring/desk.html",
        {
            "event": event,
            "stamp": stamp,
            "waiting": waiting,
            "paired": event.rounds.exists(),
            "audit": audit,
            "form_token": new_form_token(request) if waiting else "",
        },
    )
