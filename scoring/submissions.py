"""The result workflow of a table, as service functions (``do_*`` change state in one
transaction; the official result goes through ``tournaments.results``).

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

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from config.compiled import CompiledQuery, save_fields
from games.registry import entry_kind
from refusal import CONFLICT, Refusal
from scoring import audit, notices
from scoring.entries import rules_version, score, seat_names, seat_scores, table_kind
from scoring.models import Confirmation, Submission
from scoring.signals import table_overridden
from scoring.slips import check_slip
from tournaments.finishing import check_not_finished
from tournaments.models import Result, Table
from tournaments.permissions import is_event_organiser, is_player_of_table
from tournaments.results import SeatOutcome, do_record_result

Status = Submission.Status
User = get_user_model()


def check_may_submit(user, table: Table) -> None:
    if not (is_player_of_table(user, table) or is_event_organiser(user, table.round.event)):
        raise PermissionDenied(_("Only the players of this table or an organiser may do that."))
    check_not_finished(table.round.event)


# The reads of every entry and confirmation (the round-end rush sends a thousand),
# compiled once per process (``config.compiled``); a row found by its key unordered,
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
    if not is_event_organiser(user, table.round.event):
        raise PermissionDenied(_("Only an organiser of the event may do that."))
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
    Call to Glory table between rounds) is kept as agreed so far."""
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


def do_submit_result(table: Table, kind: str, entry, by) -> Submission:
    return do_enter_result(table, kind, entry, by).submission


@dataclass(frozen=True)
class Entered:
    """What an entry did: the entry it left, whether that entry is new, and whether the
    rounds sent were all entered already, the same (an agreement: nothing added)."""

    submission: Submission
    created: bool = False
    agreed: bool = False


def do_enter_result(table: Table, kind: str, entry, by, round_number=None, slip=None) -> Entered:
    """Enter a table's result, or the rounds of its game played so far.

    ``entry`` holds the rounds so far (or the whole document); with ``round_number`` it
    is that one round, entered on top of the rounds stored before it. Either way the
    write names what it was based on, and it is compared with what is stored, under the
    table's lock: rounds entered meanwhile with the same content are an agreement
    (nothing added), with other content a conflict that shows both versions; new rounds
    extend the game in progress, and once it holds the whole game the others are asked.

    ``slip``: entered with the table's printed slip (``scoring.slips``), in the name of
    its walk-in ``by``; the slip is checked again under the table's lock.
    """
    if slip is None:
        check_may_submit(by, table)
    else:
        check_slip(slip, table)
    check_entered_by_players(table, kind)
    if round_number is None:
        document, answer = score(table, kind, entry)
    try:
        with transaction.atomic():
            table = locked_table(table.pk)
            if slip is not None:
                check_slip(slip, table)
            check_no_site_game(table)
            current, agreed = standing_entries(table)
            if current is not None and current.kind != kind:
                raise another_kind_under_way(current)
            stored = current or (agreed if agreed is not None and agreed.kind == kind else None)
            if round_number is not None:
                rounds = [*rounds_before(stored, round_number), entry]
                document, answer = score(table, kind, {"rounds": rounds})
            with_slip = slip is not None
            if stored is None:
                created = create_entry(table, kind, document, answer, by, with_slip)
                return Entered(created, created=True)
            if compare_with_stored(stored, document, table):
                return Entered(stored, agreed=True)
            return Entered(extend(stored, document, answer, by, table, with_slip))
    except IntegrityError:
        raise Refusal(
            _("A result for this table is already waiting for confirmation."), code=CONFLICT
        ) from None


def check_entered_by_players(table: Table, kind: str) -> None:
    """Game totals alone are an organiser's override, never a player's entry."""
    if table_kind(table, kind).organiser_only:
        raise Refusal(_("Only an organiser enters game totals, as an override."), field="kind")


def check_no_site_game(table: Table) -> None:
    """One road at a time: while the table's game is played on the site, its result is
    not entered by hand (an organiser may still override, which ends that game)."""
    if site_game_under_way(table):
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


def another_kind_under_way(current: Submission) -> Refusal:
    return Refusal(
        _("Another kind of entry for this table is under way: %(kind)s.")
        % {"kind": current.get_kind_display()},
        field="kind",
        code=CONFLICT,
    )


def rounds_before(stored: Submission | None, number) -> list:
    """The rounds stored before round ``number``, which the page that entered it
    showed; refused when some of them are no longer there (taken back meanwhile)."""
    saved = stored.rounds if stored is not None else []
    if type(number) is not int or number < 1:
        raise Refusal(_("The round is a whole number from 1."), field="round")
    if number - 1 > len(saved):
        raise Refusal(
            _(
                "Round %(n)s cannot be entered yet: only %(saved)s rounds are entered "
                "(someone took a round back). Enter round %(next)s first."
            )
            % {"n": number, "saved": len(saved), "next": len(saved) + 1},
            field="round",
            code=CONFLICT,
        )
    return saved[: number - 1]


def compare_with_stored(stored: Submission, document: dict, table: Table) -> bool:
    """Whether ``document`` holds nothing new: every round it shares with ``stored`` (a
    record or a tableau: the whole entry) is the same. A different one is a conflict
    naming the round, with both versions and who entered the stored one. Only a game in
    progress takes more rounds."""
    sent = document.get("rounds")
    if is_record(stored) or not isinstance(sent, list) or not stored.rounds:
        if stored.entry == document:
            return True
        raise conflict(stored, None, document, table)
    for number, (mine, theirs) in enumerate(zip(sent, stored.rounds, strict=False), start=1):
        if mine != theirs:
            raise conflict(stored, number, mine, table)
    if len(sent) <= stored.rounds_entered:
        return True
    if not stored.is_in_progress:
        raise conflict(stored, None, document, table)
    return False


def author_of_round(submission: Submission, number: int | None):
    """Who entered round ``number`` of ``submission`` (the whole entry: who saved it)."""
    authors = submission.round_authors
    if number is not None and 0 < number <= len(authors):
        return User.objects.filter(pk=authors[number - 1]).first() or submission.submitted_by
    return submission.submitted_by


def conflict(stored: Submission, number: int | None, yours, table: Table) -> Refusal:
    """The refusal of an entry that differs from the stored one: round ``number`` (None:
    the whole entry), both versions side by side, and who entered the stored one."""
    author = author_of_round(stored, number)
    theirs = stored.rounds[number - 1] if number else stored.entry
    names = {"name": str(author), "n": number}
    if not stored.is_unsettled:
        message = _(
            "This table's result is official already: compare it with yours below. "
            "If it is wrong, ask an organiser to override it."
        )
    elif number is None or not stored.is_in_progress:
        message = _(
            "%(name)s entered this table's result already, with other scores: compare "
            "both below, then confirm theirs or dispute it."
        )
    else:
        message = _(
            "%(name)s entered round %(n)s already, with other scores: compare both "
            "below, then keep theirs or take it back and enter yours."
        )
    return Refusal(
        message % names,
        field="entry",
        code=CONFLICT,
        error={
            "round": number,
            "seat": None,
            "reason": str(message % names),
            "conflict": {
                "round": number,
                "stored": theirs,
                "stored_by": str(author),
                "stored_basis": stored.basis,
                "yours": yours,
                "seats": seat_names(table),
            },
        },
    )


def entry_action(complete: bool, with_slip: bool) -> str:
    """The audit log's word for an entry: the whole result or rounds so far, and whether
    it came with the table's slip."""
    action = "submitted" if complete else "entered rounds"
    return f"{action} with the slip" if with_slip else action


def extend(
    current: Submission, document: dict, answer: dict, by, table: Table, with_slip: bool = False
) -> Submission:
    """The game in progress gains the new rounds of ``document``; complete, it is asked
    of the others."""
    before = audit.summary_of_submission(current)
    added = len(document.get("rounds", [])) - current.rounds_entered
    complete = answer.get("complete", True)
    current.round_authors = [*authors_of(current), *[by.pk] * added]
    current.entry, current.answer = document, answer
    current.submitted_by = by
    current.rules_version = rules_version(table, current.kind, document)
    current.status = Status.PENDING if complete else Status.IN_PROGRESS
    current.revision += 1
    current.save(
        update_fields=[
            "entry",
            "answer",
            "submitted_by",
            "rules_version",
            "status",
            "revision",
            "round_authors",
        ]
    )
    audit.log(
        table,
        by,
        entry_action(complete, with_slip),
        before=before,
        after=audit.summary_of_submission(current),
    )
    if complete:
        ask_to_confirm(current, by)
    return current


def authors_of(submission: Submission) -> list[int]:
    """Who entered each stored round (an entry from before authors were kept: whoever
    saved it)."""
    authors = list(submission.round_authors)
    missing = submission.rounds_entered - len(authors)
    return [*authors, *[submission.submitted_by_id] * missing]


def create_entry(
    table: Table, kind: str, document: dict, answer: dict, by, with_slip: bool = False
) -> Submission:
    complete = answer.get("complete", True)
    submission = Submission.objects.create(
        table=table,
        kind=kind,
        entry=document,
        answer=answer,
        submitted_by=by,
        status=Status.PENDING if complete else Status.IN_PROGRESS,
        rules_version=rules_version(table, kind, document),
        round_authors=[by.pk] * len(document.get("rounds", [])),
    )
    audit.log(
        table,
        by,
        entry_action(complete, with_slip),
        after=audit.summary_of_submission(submission),
    )
    if complete:
        ask_to_confirm(submission, by)
    return submission


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


@transaction.atomic
def do_take_back_round(table: Table, by, basis=None) -> Submission | None:
    """Remove the last round of the game in progress (a typing slip): a seated player or
    an organiser; the entry goes when it held only one round."""
    check_may_submit(by, table)
    table = locked_table(table.pk)
    current = Submission.objects.filter(table=table, status=Status.IN_PROGRESS).first()
    if current is None:
        raise Refusal(_("No game is in progress at this table."), code=CONFLICT)
    check_basis(current, basis)
    before = audit.summary_of_submission(current)
    rounds = current.rounds[:-1]
    if not rounds:
        current.delete()
        audit.log(table, by, "took back a round", before=before)
        return None
    document, answer = score(table, current.kind, {**current.entry, "rounds": rounds})
    current.entry, current.answer = document, answer
    current.round_authors = authors_of(current)[: len(rounds)]
    current.revision += 1
    current.save(update_fields=["entry", "answer", "round_authors", "revision"])
    audit.log(
        table, by, "took back a round", before=before, after=audit.summary_of_submission(current)
    )
    return current


def supersede_agreed(table: Table, but: Submission) -> None:
    """An agreed entry replaces the earlier agreed ones (the table has one agreed
    entry: its official result's)."""
    Submission.objects.filter(
        table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN]
    ).exclude(pk=but.pk).update(status=Status.SUPERSEDED, revision=F("revision") + 1)


def latest_agreed(table: Table, kind: str | None = None) -> Submission | None:
    """The entry the table's official result came from (of ``kind`` only, if given)."""
    agreed = Submission.objects.filter(
        table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN]
    )
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


@transaction.atomic
def do_confirm_result(submission: Submission, by, basis=None) -> Submission:
    """``basis``: the entry's ``basis`` as the confirmer saw it (None: not named)."""
    submission = fresh_submission(submission)
    check_basis(submission, basis)
    answered = answers_to(submission)
    check_may_decide(by, submission, answered)
    Confirmation.objects.create(submission=submission, user=by, decision="confirm")
    audit.log(submission.table, by, "confirmed", after=audit.summary_of_submission(submission))
    confirmed = {user for user, decision in answered.items() if decision == "confirm"}
    if players_to_confirm(submission) <= confirmed | {by.pk}:
        finish_confirmed(submission, by)
    return submission


@transaction.atomic
def do_dispute_result(submission: Submission, by, comment: str, basis=None) -> Submission:
    submission = fresh_submission(submission)
    check_basis(submission, basis)
    check_may_decide(by, submission, answers_to(submission))
    if not comment.strip():
        raise Refusal(_("Say what is wrong, so the organiser can settle it."), field="comment")
    Confirmation.objects.create(submission=submission, user=by, decision="dispute", comment=comment)
    submission.status = Status.DISPUTED
    submission.revision += 1
    submission.save(update_fields=["status", "revision"])
    audit.log(
        submission.table,
        by,
        "disputed",
        before=audit.summary_of_submission(submission),
        reason=comment,
    )
    notices.notify_dispute_raised(submission, by, comment)
    return submission


@transaction.atomic
def do_resolve_dispute(
    submission: Submission, by, accept: bool, reason: str, basis=None
) -> Submission:
    """An organiser settles an open submission: accepted, it is the result; rejected,
    the table waits for a new entry."""
    check_organiser(by, submission.table)
    locked_table(submission.table_id)
    submission.refresh_from_db()
    check_basis(submission, basis)
    if submission.status not in Submission.OPEN:
        raise Refusal(_("Only a waiting or disputed result can be settled."), code=CONFLICT)
    if not reason.strip():
        raise Refusal(_("Give a reason: the players will see it."), field="reason")
    before = audit.summary_of_submission(submission)
    was_disputed = submission.status == Status.DISPUTED
    submission.status = Status.CONFIRMED if accept else Status.REJECTED
    submission.decided_at = timezone.now()
    submission.revision += 1
    submission.save(update_fields=["status", "decided_at", "revision"])
    if accept:
        supersede_agreed(submission.table, but=submission)
        record_official(submission, by, source=Result.Source.ORGANISER)
    audit.log(
        submission.table,
        by,
        "accepted" if accept else "rejected",
        before=before,
        after=audit.summary_of_submission(submission),
        reason=reason,
    )
    if was_disputed:
        notices.notify_dispute_settled(submission, accept, reason)
    return submission


def current_entry(table: Table) -> Submission | None:
    """The entry a table's result stands on now: the one under way, else the agreed
    one. An override names it as its basis."""
    return unsettled_entry(table) or latest_agreed(table)


def do_override_result(table: Table, kind: str, entry, by, reason: str, basis=None) -> Submission:
    """An organiser enters or replaces the result of a table, with a reason: the whole
    game (every round, or game totals). ``basis``: the ``basis`` of the entry the
    organiser started from ("" for none; None: not named). A site game under way at
    the table ends abandoned (``signals.table_overridden``)."""
    check_organiser(by, table)
    if not reason.strip():
        raise Refusal(_("Give a reason for overriding the result."), field="reason")
    document, answer = score(table, kind, entry)
    if not answer.get("complete", True):
        raise Refusal(
            _("An override holds the whole game: enter every round, or the game totals."),
            field="entry",
        )
    with transaction.atomic():
        table = locked_table(table.pk)
        replaced = current_entry(table)
        check_basis(replaced, basis)
        before = audit.summary_of_result(table) or audit.summary_of_submission(replaced)
        table_overridden.send(sender=Table, table=table, by=by, reason=reason)
        Submission.objects.filter(
            table=table, status__in=[*Submission.UNSETTLED, Status.CONFIRMED, Status.OVERRIDDEN]
        ).update(status=Status.SUPERSEDED, revision=F("revision") + 1)
        submission = Submission.objects.create(
            table=table,
            kind=kind,
            entry=document,
            answer=answer,
            submitted_by=by,
            status=Status.OVERRIDDEN,
            decided_at=timezone.now(),
            rules_version=rules_version(table, kind, document),
            round_authors=[by.pk] * len(document.get("rounds", [])),
        )
        record_official(submission, by, source=Result.Source.ORGANISER)
        audit.log(
            table,
            by,
            "overridden",
            before=before,
            after=audit.summary_of_submission(submission),
            reason=reason,
        )
    return submission
