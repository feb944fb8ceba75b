"""Entering a table's result (``do_enter_result``): a whole result, or a Call to Glory
game round by round while it is played, and taking the last round back. A round or
result someone entered meanwhile is compared with the stored one: the same is an
agreement, another a conflict (a ``Refusal`` carrying both), never applied. What the
entry waits for then is ``scoring.submissions``' and ``scoring.deciding``'s."""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from lib.compiled import insert_row
from lib.refusal import CONFLICT, Refusal
from scoring import audit, summaries
from scoring.entries import rules_version, score, seat_names, table_kind
from scoring.models import Submission
from scoring.slips import check_slip
from scoring.submissions import (
    Status,
    User,
    ask_to_confirm,
    check_basis,
    check_may_submit,
    check_no_site_game,
    is_record,
    locked_table,
    standing_entries,
)
from tournaments.models import Table


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
    before = summaries.summary_of_submission(current)
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
        after=summaries.summary_of_submission(current),
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
    submission = Submission(
        table=table,
        kind=kind,
        entry=document,
        answer=answer,
        submitted_by=by,
        status=Status.PENDING if complete else Status.IN_PROGRESS,
        rules_version=rules_version(table, kind, document),
        round_authors=[by.pk] * len(document.get("rounds", [])),
    )
    insert_row(submission)
    audit.log(
        table,
        by,
        entry_action(complete, with_slip),
        after=summaries.summary_of_submission(submission),
    )
    if complete:
        ask_to_confirm(submission, by)
    return submission


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
    before = summaries.summary_of_submission(current)
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
        table,
        by,
        "took back a round",
        before=before,
        after=summaries.summary_of_submission(current),
    )
    return current
