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

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.refusal import CONFLICT, Refusal
from games.registry import entry_kind
from scoring import audit, notices
from scoring.entries import rules_version, score, seat_scores
from scoring.models import Confirmation, Submission
from tournaments.finishing import check_not_finished
from tournaments.models import Result, Table
from tournaments.permissions import is_event_organiser, is_player_of_table
from tournaments.results import SeatOutcome, do_record_result

Status = Submission.Status
User = get_user_model()


def check_may_submit(user, table: Table) -> None:
    if not (is_player_of_table(user, table) or is_event_organiser(user, table.round.event)):
        raise PermissionDenied(_("Only the players of this table or an organiser may do that."))
    check_event_open(table)


def check_event_open(table: Table) -> None:
    """An action on a finished event's table clashes with its state (409)."""
    try:
        check_not_finished(table.round.event)
    except Refusal as refusal:
        raise refusal.as_conflict() from None


def answers_to(submission: Submission) -> dict[int, str]:
    """Who has answered for the entry so far, and how (confirm or dispute)."""
    return dict(submission.confirmations.values_list("user_id", "decision"))


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
    check_event_open(submission.table)


def check_organiser(user, table: Table) -> None:
    if not is_event_organiser(user, table.round.event):
        raise PermissionDenied(_("Only an organiser of the event may do that."))
    check_event_open(table)


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
    try:
        return do_record_result(
            submission.table,
            outcomes,
            source=source,
            by=by,
            detail=detail,
            rules_version=submission.rules_version,
        )
    except Refusal as refusal:  # the event was finished since the first check
        raise refusal.as_conflict() from None


def locked_table(table_id: int) -> Table:
    """Take the table's row lock so that concurrent writes to one table queue up; only
    the table's row (``of``): the joined round and event stay unlocked, so writes to
    the other tables of the event go on side by side."""
    return (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .get(pk=table_id)
    )


def check_no_entry_under_way(table: Table) -> None:
    """A table whose result is being entered by hand (rounds in progress, an entry
    waiting for confirmation or disputed) is not started on the site: one road at a
    time. The caller holds the table's row lock (``locked_table``)."""
    if Submission.objects.filter(table=table, status__in=Submission.UNSETTLED).exists():
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
    return do_enter_result(table, kind, entry, by)[0]


def do_enter_result(table: Table, kind: str, entry, by) -> tuple[Submission, bool]:
    """Enter a table's result, or the rounds of its game played so far: (the entry,
    whether it is new). A game in progress is extended by a later entry that holds its
    rounds and more; once the entry holds the whole game the others are asked."""
    check_may_submit(by, table)
    document, answer = score(table, kind, entry)
    complete = answer.get("complete", True)
    try:
        with transaction.atomic():
            table = locked_table(table.pk)
            current = Submission.objects.filter(
                table=table, status__in=Submission.UNSETTLED
            ).first()
            if current is not None and current.status != Status.IN_PROGRESS:
                raise Refusal(
                    _("A result for this table is already waiting for confirmation."),
                    code=CONFLICT,
                )
            if current is not None:
                check_extends(current, kind, document)
                if current.entry == document:
                    return current, False
                before = audit.summary_of_submission(current)
                submission = current
                submission.entry, submission.answer = document, answer
                submission.submitted_by = by
                submission.rules_version = rules_version(table, kind, document)
                submission.status = Status.PENDING if complete else Status.IN_PROGRESS
                submission.save(
                    update_fields=["entry", "answer", "submitted_by", "rules_version", "status"]
                )
            else:
                before = None
                submission = Submission.objects.create(
                    table=table,
                    kind=kind,
                    entry=document,
                    answer=answer,
                    submitted_by=by,
                    status=Status.PENDING if complete else Status.IN_PROGRESS,
                    rules_version=rules_version(table, kind, document),
                )
            audit.log(
                table,
                by,
                "submitted" if complete else "entered rounds",
                before=before,
                after=audit.summary_of_submission(submission),
            )
            if complete:
                ask_to_confirm(submission, by)
    except IntegrityError:
        raise Refusal(
            _("A result for this table is already waiting for confirmation."), code=CONFLICT
        ) from None
    return submission, current is None


def ask_to_confirm(submission: Submission, by) -> None:
    """A complete entry asks each other registered player at the table; with nobody
    else to ask, an organiser's own entry is agreed and a player's waits for an
    organiser."""
    others = players_to_confirm(submission)
    if others:
        notices.notify_entry_waits(submission, User.objects.filter(pk__in=others))
    elif is_event_organiser(by, submission.table.round.event):
        finish_confirmed(submission, by)
    else:
        notices.notify_organisers_to_confirm(submission)


def check_extends(current: Submission, kind: str, document: dict) -> None:
    """A game in progress grows: the new entry holds the rounds saved so far, unchanged,
    and perhaps more."""
    saved = current.entry.get("rounds", [])
    rounds = document.get("rounds", [])
    if kind != current.kind or len(rounds) < len(saved):
        raise Refusal(
            _("Rounds 1 to %(n)s of this game are already entered: send them with the next round.")
            % {"n": len(saved)},
            field="entry",
            code=CONFLICT,
        )
    changed = [
        number for number, (a, b) in enumerate(zip(saved, rounds, strict=False), start=1) if a != b
    ]
    if changed:
        raise Refusal(
            _(
                "Round %(n)s of this game was entered with other scores; take it back on "
                "the table page before entering it again."
            )
            % {"n": changed[0]},
            field="entry",
            code=CONFLICT,
        )


@transaction.atomic
def do_take_back_round(table: Table, by) -> Submission | None:
    """Remove the last round of the game in progress (a typing slip): a seated player or
    an organiser; the entry goes when it held only one round."""
    check_may_submit(by, table)
    table = locked_table(table.pk)
    current = Submission.objects.filter(table=table, status=Status.IN_PROGRESS).first()
    if current is None:
        raise Refusal(_("No game is in progress at this table."), code=CONFLICT)
    before = audit.summary_of_submission(current)
    rounds = current.entry.get("rounds", [])[:-1]
    if not rounds:
        current.delete()
        audit.log(table, by, "took back a round", before=before)
        return None
    document, answer = score(table, current.kind, {**current.entry, "rounds": rounds})
    current.entry, current.answer = document, answer
    current.save(update_fields=["entry", "answer"])
    audit.log(
        table, by, "took back a round", before=before, after=audit.summary_of_submission(current)
    )
    return current


def supersede_agreed(table: Table, but: Submission) -> None:
    """An agreed entry replaces the earlier agreed ones (a Call to Glory table is
    entered again after each round, with all its rounds)."""
    Submission.objects.filter(
        table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN]
    ).exclude(pk=but.pk).update(status=Status.SUPERSEDED)


def latest_agreed(table: Table) -> Submission | None:
    return (
        Submission.objects.filter(table=table, status__in=[Status.CONFIRMED, Status.OVERRIDDEN])
        .order_by("-created_at", "-pk")
        .first()
    )


def finish_confirmed(submission: Submission, by) -> None:
    supersede_agreed(submission.table, but=submission)
    submission.status = Status.CONFIRMED
    submission.decided_at = timezone.now()
    submission.save(update_fields=["status", "decided_at"])
    source = Result.Source.RECORD if is_record(submission) else Result.Source.PLAYERS
    record_official(submission, by, source=source)


def fresh_submission(submission: Submission) -> Submission:
    """The submission as stored now, read under its table's lock, at that table."""
    table = locked_table(submission.table_id)
    fresh = Submission.objects.select_related("submitted_by").get(pk=submission.pk)
    fresh.table = table
    return fresh


@transaction.atomic
def do_confirm_result(submission: Submission, by) -> Submission:
    submission = fresh_submission(submission)
    answered = answers_to(submission)
    check_may_decide(by, submission, answered)
    Confirmation.objects.create(submission=submission, user=by, decision="confirm")
    audit.log(submission.table, by, "confirmed", after=audit.summary_of_submission(submission))
    confirmed = {user for user, decision in answered.items() if decision == "confirm"}
    if players_to_confirm(submission) <= confirmed | {by.pk}:
        finish_confirmed(submission, by)
    return submission


@transaction.atomic
def do_dispute_result(submission: Submission, by, comment: str) -> Submission:
    submission = fresh_submission(submission)
    check_may_decide(by, submission, answers_to(submission))
    if not comment.strip():
        raise Refusal(_("Say what is wrong, so the organiser can settle it."), field="comment")
    Confirmation.objects.create(submission=submission, user=by, decision="dispute", comment=comment)
    submission.status = Status.DISPUTED
    submission.save(update_fields=["status"])
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
def do_resolve_dispute(submission: Submission, by, accept: bool, reason: str) -> Submission:
    """An organiser settles an open submission: accepted, it is the result; rejected,
    the table waits for a new entry."""
    check_organiser(by, submission.table)
    locked_table(submission.table_id)
    submission.refresh_from_db()
    if submission.status not in Submission.OPEN:
        raise Refusal(_("Only a waiting or disputed result can be settled."), code=CONFLICT)
    if not reason.strip():
        raise Refusal(_("Give a reason: the players will see it."), field="reason")
    before = audit.summary_of_submission(submission)
    was_disputed = submission.status == Status.DISPUTED
    if accept:
        submission.status = Status.CONFIRMED
        submission.decided_at = timezone.now()
        submission.save(update_fields=["status", "decided_at"])
        supersede_agreed(submission.table, but=submission)
        record_official(submission, by, source=Result.Source.ORGANISER)
    else:
        submission.status = Status.REJECTED
        submission.decided_at = timezone.now()
        submission.save(update_fields=["status", "decided_at"])
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


def do_override_result(table: Table, kind: str, entry, by, reason: str) -> Submission:
    """An organiser enters or replaces the result of a table, with a reason."""
    check_organiser(by, table)
    if not reason.strip():
        raise Refusal(_("Give a reason for overriding the result."), field="reason")
    document, answer = score(table, kind, entry)
    with transaction.atomic():
        table = locked_table(table.pk)
        before = audit.summary_of_result(table)
        Submission.objects.filter(
            table=table, status__in=[*Submission.UNSETTLED, Status.CONFIRMED, Status.OVERRIDDEN]
        ).update(status=Status.SUPERSEDED)
        submission = Submission.objects.create(
            table=table,
            kind=kind,
            entry=document,
            answer=answer,
            submitted_by=by,
            status=Status.OVERRIDDEN,
            decided_at=timezone.now(),
            rules_version=rules_version(table, kind, document),
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
