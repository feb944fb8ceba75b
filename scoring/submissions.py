"""The result workflow of a table: what stands (the entry under way, the agreed one,
the current one), its locks, the checks of who may act and on what basis, and the
official result (through ``tournaments.results``). The services that change state
(``do_*``, one transaction each) are ``scoring.entering`` and ``scoring.deciding``.

A Call to Glory table is entered round by round as it is played: the entry of an
unfinished game is *in progress*, visible to the table and asked of nobody; any seated
player (or an organiser) adds the next round to it. Once an entry holds the whole game:

submit → every other seated registered player confirms once (→ confirmed and recorded)
       → or one disputes (→ disputed) → an organiser accepts or rejects it.

Walk-ins (no account) are never asked. When no other registered player sits at the
table, the entry waits for an organiser, who confirms it from the results desk; an
organiser's own entry at such a table is agreed at once. An organiser may also override
any table with a reason.
"""

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.registry import entry_kind
from lib.compiled import CompiledQuery, save_fields
from lib.refusal import CONFLICT, Refusal
from scoring import notices
from scoring.entries import seat_scores
from scoring.models import Confirmation, Submission
from tournaments.finishing import check_not_finished
from tournaments.models import Result, Table
from tournaments.permissions import can_settle_table, is_event_organiser, is_player_of_table
from tournaments.results import SeatOutcome, do_record_result

Status = Submission.Status
# An entry the table's result stands on (the latest) or stood on.
AGREED = (Status.CONFIRMED, Status.OVERRIDDEN)


User = get_user_model()


def check_may_submit(user, table: Table) -> None:
    if not (is_player_of_table(user, table) or is_event_organiser(user, table.round.event)):
        raise PermissionDenied(_("Only the players of this table or an organiser may do that."))
    check_not_finished(table.round.event)


# The reads of every entry and confirmation (the round-end rush sends a thousand),
# compiled once per process (``lib.compiled``); a row found by its key unordered,
# as ``QuerySet.get`` reads it.
ANSWERS = CompiledQuery(
    lambda submission_id: Confirmation.objects.filter(submission_id=submission_id).values_list(
        "user_id", "decision"
    ),
    -7,
)


def table_locked_by(lookup: str) -> CompiledQuery:
    """The table found by ``lookup`` with its round and event, its row locked."""
    return CompiledQuery(
        lambda key: (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__event")
            .filter(**{lookup: key})
            .order_by()
        ),
        -7,
    )


TABLE_LOCKED = table_locked_by("pk")


TABLE_OF_SUBMISSION_LOCKED = table_locked_by("submissions__pk")


SUBMISSION_WITH_AUTHOR = CompiledQuery(
    lambda submission_id: (
        Submission.objects.select_related("submitted_by").filter(pk=submission_id).order_by()
    ),
    -7,
)


STANDING_ENTRIES = CompiledQuery(
    lambda table_id: Submission.objects.filter(
        table_id=table_id,
        status__in=[*Submission.UNSETTLED, Status.CONFIRMED, Status.OVERRIDDEN],
    ).order_by("-created_at", "-pk"),
    -7,
)


def the_row(found: list, model):
    """The one row a compiled query by primary key found (``QuerySet.get``'s refusal
    when it found none)."""
    if not found:
        raise model.DoesNotExist(f"{model._meta.object_name} matching query does not exist.")
    return found[0]


def answers_to(submission: Submission) -> dict[int, str]:
    """Who has answered for the entry so far, and how (confirm or dispute)."""
    return dict(ANSWERS.rows(submission.pk))


def check_may_decide(user, submission: Submission, answered: dict[int, str]) -> None:
    """A seated registered player answers once for a complete entry; an organiser
    confirms an entry that no other registered player can."""
    if submission.status == Status.IN_PROGRESS:
        raise Refusal(
            _("The game is not over yet: it is confirmed once every round is entered."),
            code=CONFLICT,
        )
    organiser_confirms = waits_for_organiser(submission) and is_event_organiser(
        user, submission.table.round.event
    )
    if not organiser_confirms and not is_player_of_table(user, submission.table):
        raise PermissionDenied(_("Only the players of this table may confirm or dispute."))
    if submission.submitted_by_id == user.pk:
        raise Refusal(_("You entered this result; the other players confirm it."), code=CONFLICT)
    if submission.status != Status.PENDING:
        raise Refusal(
            _("This result is %(status)s.") % {"status": submission.get_status_display()},
            code=CONFLICT,
        )
    if user.pk in answered:
        raise Refusal(_("You have already answered for this result."), code=CONFLICT)
    if not organiser_confirms and user.pk not in players_to_confirm(submission):
        raise PermissionDenied(_("Only the players of this table may confirm or dispute."))
    check_not_finished(submission.table.round.event)


def check_organiser(user, table: Table) -> None:
    """Settling a dispute or overriding: an organiser, or a judge of the table."""
    if not can_settle_table(user, table):
        raise PermissionDenied(_("Only an organiser or a judge of this table may do that."))
    check_not_finished(table.round.event)


def players_to_confirm(submission: Submission) -> set[int]:
    """The registered players seated at the table (walk-ins have no account to confirm
    with), other than whoever entered the result."""
    return set(submission.table.seated_users) - {submission.submitted_by_id}


def is_record(submission: Submission) -> bool:
    """A digital game's record, not an entry made by hand."""
    _game, kind = entry_kind(submission.kind)
    return kind.is_record


def waits_for_organiser(submission: Submission) -> bool:
    """A complete entry that no other registered player at the table can confirm."""
    return submission.status == Status.PENDING and not players_to_confirm(submission)


def record_official(submission: Submission, by, source: str) -> Result | None:
    """Make a complete submission the table's official result; an unfinished game (a
    Call to Glory table between rounds) is kept as agreed so far. In the caller's
    transaction (a confirmation's, a settlement's, an override's), which every refusal
    ends: no savepoint of the result's own."""
    if not submission.is_complete:
        return None
    outcomes = [
        SeatOutcome(position=position, score=score_, place=place)
        for position, (score_, place) in enumerate(seat_scores(submission.kind, submission.answer))
    ]
    detail = {
        "kind": submission.kind,
        "entry": submission.entry,
        "answer": submission.answer,
        "submission": submission.pk,
    }
    if is_record(submission):
        detail["record"] = submission.entry
    return do_record_result(
        submission.table,
        outcomes,
        source=source,
        by=by,
        detail=detail,
        rules_version=submission.rules_version,
        savepoint=False,
    )


def locked_table(table_id: int) -> Table:
    """Take the table's row lock so that concurrent writes to one table queue up; only
    the table's row (``of``): the joined round and event stay unlocked, so writes to
    the other tables of the event go on side by side."""
    return the_row(TABLE_LOCKED.fetch(table_id), Table)


def check_no_entry_under_way(table: Table) -> None:
    """A table whose result is being entered by hand (rounds in progress, an entry
    waiting for confirmation or disputed) is not started on the site: one road at a
    time. The caller holds the table's row lock (``locked_table``)."""
    if unsettled_entry(table) is not None:
        raise Refusal(
            _(
                "This table's result is being entered by hand: finish or take back that "
                "entry before playing the table on the site."
            ),
            code=CONFLICT,
        )


def site_game_under_way(table: Table) -> bool:
    """Whether the table's game is being played on the site now (``play`` keeps it as
    the table's ``played_game``; scoring reads it without importing play)."""
    game = getattr(table, "played_game", None)
    return game is not None and game.is_playing


def site_game_of(table_id: int):
    """The table's site game (``play``'s model, named through the relation), its status
    only."""
    game = Table._meta.get_field("played_game").related_model
    return game._default_manager.filter(table_id=table_id).only("status").order_by()


# Read by every entry under its table's lock (the round-end rush sends 250); compiled
# once: the relation's own query was built afresh each time (0.4 ms of CPU).
SITE_GAME = CompiledQuery(site_game_of, -7)


def check_no_site_game(table: Table) -> None:
    """One road at a time: while the table's game is played on the site, its result is
    not entered by hand (an organiser may still override, which ends that game). The
    caller holds the table's lock (``locked_table``): the game is read now."""
    if any(game.is_playing for game in SITE_GAME.fetch(table.pk)):
        raise Refusal(
            _(
                "This table's game is being played on the site: its result comes from "
                "that game. An organiser can override it."
            ),
            code=CONFLICT,
        )


def unsettled_entry(table: Table) -> Submission | None:
    return Submission.objects.filter(table=table, status__in=Submission.UNSETTLED).first()


def standing_entries(table: Table) -> tuple[Submission | None, Submission | None]:
    """(the entry under way, the agreed entry), read at once: a table has at most one
    of each (a constraint, and ``supersede_agreed``)."""
    rows = STANDING_ENTRIES.fetch(table.pk)
    current = next((row for row in rows if row.is_unsettled), None)
    agreed = next((row for row in rows if not row.is_unsettled), None)
    return current, agreed


def ask_to_confirm(submission: Submission, by) -> None:
    """A complete entry asks each other registered player at the table; with nobody
    else to ask, an organiser's own entry is agreed and a player's waits for an
    organiser."""
    others = players_to_confirm(submission)
    if others:
        asked = [person for person in notices.seated_people(submission) if person.pk in others]
        notices.notify_entry_waits(submission, asked)
    elif is_event_organiser(by, submission.table.round.event):
        finish_confirmed(submission, by)
    else:
        notices.notify_organisers_to_confirm(submission)


def check_basis(submission: Submission | None, basis) -> None:
    """A write made from a page (or client) that saw the table's entry as ``basis``
    (``Submission.basis``; "" when it saw none) is refused when the entry has changed
    since: it is shown again, never acted on blind. ``None``: the client named none."""
    if basis is None:
        return
    now = submission.basis if submission is not None else ""
    if str(basis) != now:
        raise Refusal(
            _(
                "This table's result has changed since you opened the page: look at it "
                "again before you act."
            ),
            field="basis",
            code=CONFLICT,
        )


# The agreed entries of a table but one, compiled once: every table's result asks.
AGREED_BUT = CompiledQuery(
    lambda table_id, but: (
        Submission.objects.filter(table_id=table_id, status__in=AGREED)
        .exclude(pk=but)
        .order_by()
        .values_list("pk")
    ),
    -7,
    -8,
)


def supersede_agreed(table: Table, but: Submission) -> None:
    """An agreed entry replaces the earlier agreed ones (the table has one agreed
    entry: its official result's). They are read first: a table's first agreed entry
    (every table's, in a round-end rush) has none to replace, and the update's query
    cost more to build (0.4 ms of CPU) than the read costs to run."""
    earlier = [pk for (pk,) in AGREED_BUT.rows(table.pk, but.pk)]
    if earlier:
        Submission.objects.filter(pk__in=earlier, status__in=AGREED).update(
            status=Status.SUPERSEDED, revision=F("revision") + 1
        )


def latest_agreed(table: Table, kind: str | None = None) -> Submission | None:
    """The entry the table's official result came from (of ``kind`` only, if given)."""
    agreed = Submission.objects.filter(table=table, status__in=AGREED)
    if kind is not None:
        agreed = agreed.filter(kind=kind)
    return agreed.order_by("-created_at", "-pk").first()


def finish_confirmed(submission: Submission, by) -> None:
    supersede_agreed(submission.table, but=submission)
    submission.status = Status.CONFIRMED
    submission.decided_at = timezone.now()
    submission.revision += 1
    save_fields(submission, ("status", "decided_at", "revision"))
    source = Result.Source.RECORD if is_record(submission) else Result.Source.PLAYERS
    record_official(submission, by, source=source)


def fresh_submission(submission: Submission) -> Submission:
    """The submission as stored now, read under its table's lock, at that table. Only
    its id is needed: the table is found through it (an entry never moves), so a
    submission that does not exist is refused before any other read."""
    table = the_row(TABLE_OF_SUBMISSION_LOCKED.fetch(submission.pk), Submission)
    fresh = the_row(SUBMISSION_WITH_AUTHOR.fetch(submission.pk), Submission)
    fresh.table = table
    return fresh


def current_entry(table: Table) -> Submission | None:
    """The entry a table's result stands on now: the one under way, else the agreed
    one. An override names it as its basis."""
    return unsettled_entry(table) or latest_agreed(table)
