"""The result workflow of a table: who may do what, and what each step leaves behind."""

import json
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied

from lib.refusal import Refusal
from scoring.deciding import (
    do_confirm_result,
    do_dispute_result,
    do_override_result,
    do_resolve_dispute,
)
from scoring.entering import do_submit_result
from scoring.models import AuditEntry, Submission
from tests.scoring.conftest import RULEBOOK_ROUND, glory_round
from tournaments.models import Result

pytestmark = pytest.mark.django_db
RECORD = Path(__file__).parents[1] / "games/call_to_glory/fixtures/rulebook-60-36.json"
TABLE = Submission.Kind.GLORY_TABLE


def submit(table, user, entry=RULEBOOK_ROUND):
    return do_submit_result(table, TABLE, entry, user)


def test_a_player_submits_and_the_other_confirms_into_the_official_result(
    one_round_table, player, other_player
):
    submission = submit(one_round_table, player)
    assert submission.status == Submission.Status.PENDING
    assert not Result.objects.filter(table=one_round_table).exists()

    do_confirm_result(submission, other_player)

    submission.refresh_from_db()
    assert submission.status == Submission.Status.CONFIRMED
    result = Result.objects.get(table=one_round_table)
    assert [(s.score, s.place, s.points) for s in result.seats.order_by("position")] == [
        (60, 1, 3.0),
        (36, 2, 1.0),
    ]
    assert result.rules_version == "call-to-glory-table/1, default task decks"


def test_an_impossible_table_is_refused_with_its_reason_and_nothing_is_saved(
    one_round_table, player
):
    both_have_farmers = glory_round({"20": 2, "18": 2}, {"20": 3, "16": 3})
    with pytest.raises(Refusal) as refused:
        submit(one_round_table, player, both_have_farmers)
    assert refused.value.error["round"] == 1
    assert "20" in refused.value.error["reason"]
    assert not Submission.objects.exists()
    assert not AuditEntry.objects.exists()


def test_impossible_round_scores_are_refused_with_why(one_round_table, player):
    with pytest.raises(Refusal) as refused:
        submit(one_round_table, player, {"rounds": [{"scores": [5, 36]}]})
    assert "5 is not a sum of card values" in refused.value.error["reason"]


def test_a_second_submission_while_one_waits_agrees_or_conflicts(
    one_round_table, player, other_player
):
    first = submit(one_round_table, player)
    assert submit(one_round_table, other_player).pk == first.pk  # the same: agreed
    with pytest.raises(Refusal) as refused:
        do_submit_result(one_round_table, TABLE, {"rounds": [{"scores": [36, 60]}]}, other_player)
    assert refused.value.is_conflict
    assert refused.value.error["conflict"]["stored_by"] == str(player)
    assert Submission.objects.count() == 1


def test_a_dispute_needs_a_comment_and_an_organiser_settles_it(
    one_round_table, player, other_player, organiser
):
    submission = submit(one_round_table, player)
    with pytest.raises(Refusal):
        do_dispute_result(submission, other_player, "  ")
    do_dispute_result(submission, other_player, "I had the Monks, not the Farmers")
    assert Submission.objects.get().status == Submission.Status.DISPUTED

    do_resolve_dispute(submission, organiser, accept=False, reason="re-enter with the Monks")
    assert Submission.objects.get().status == Submission.Status.REJECTED
    fixed = glory_round({"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2}, {"18": 0, "16": 3})
    with pytest.raises(Refusal):
        submit(one_round_table, player, fixed)  # a set of 0 cards cannot be
    assert submit(one_round_table, player).status == Submission.Status.PENDING


def test_an_organiser_overrides_with_a_reason_and_the_audit_log_keeps_before_and_after(
    one_round_table, player, other_player, organiser
):
    do_confirm_result(submit(one_round_table, player), other_player)
    swapped = glory_round({"20": 3, "16": 3}, {"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2})
    with pytest.raises(Refusal):
        do_override_result(one_round_table, TABLE, swapped, organiser, reason="")

    do_override_result(one_round_table, TABLE, swapped, organiser, reason="seats were swapped")

    result = Result.objects.get(table=one_round_table)
    assert result.source == Result.Source.ORGANISER
    assert [s.score for s in result.seats.order_by("position")] == [36, 60]
    entry = AuditEntry.objects.filter(action="overridden").get()
    assert entry.actor == organiser
    assert entry.reason == "seats were swapped"
    assert entry.before["scores"] == [60, 36]
    assert entry.after["scores"] == [36, 60]
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["submitted", "confirmed", "overridden"]


# The permission matrix: (action, persona) -> allowed?
MATRIX = {
    "submit": {
        "organiser": True,
        "player": True,
        "other_player": True,
        "outsider": False,
        "anonymous": False,
    },
    "confirm": {
        "organiser": False,
        "player": False,
        "other_player": True,
        "outsider": False,
        "anonymous": False,
    },
    "dispute": {
        "organiser": False,
        "player": False,
        "other_player": True,
        "outsider": False,
        "anonymous": False,
    },
    "resolve": {
        "organiser": True,
        "player": False,
        "other_player": False,
        "outsider": False,
        "anonymous": False,
    },
    "override": {
        "organiser": True,
        "player": False,
        "other_player": False,
        "outsider": False,
        "anonymous": False,
    },
}


def attempt(action, table, user, submission):
    if action == "submit":
        return submit(table, user)
    if action == "confirm":
        return do_confirm_result(submission, user)
    if action == "dispute":
        return do_dispute_result(submission, user, "wrong")
    if action == "resolve":
        return do_resolve_dispute(submission, user, accept=True, reason="checked the table")
    return do_override_result(table, TABLE, RULEBOOK_ROUND, user, reason="slip was clear")


@pytest.mark.parametrize(
    "action,persona",
    [(action, persona) for action, row in MATRIX.items() for persona in row],
)
def test_the_permission_matrix(action, persona, request, one_round_table, player, staff):
    user = request.getfixturevalue(persona)
    submission = None
    if action != "submit":
        submission = submit(one_round_table, player)
    audit_before = AuditEntry.objects.count()
    states_before = list(Submission.objects.values_list("status", flat=True))
    if MATRIX[action][persona]:
        attempt(action, one_round_table, user, submission)
        assert AuditEntry.objects.count() == audit_before + 1
    else:
        with pytest.raises((PermissionDenied, Refusal)):
            attempt(action, one_round_table, user, submission)
        assert AuditEntry.objects.count() == audit_before
        assert list(Submission.objects.values_list("status", flat=True)) == states_before


def test_a_digital_record_is_checked_against_the_seats_and_kept_for_replay(
    one_round_table, player, other_player
):
    record = json.loads(RECORD.read_text())
    with pytest.raises(Refusal) as refused:
        do_submit_result(one_round_table, Submission.Kind.GLORY_RECORD, record, player)
    assert "not this table's seats" in refused.value.error["reason"]

    record["players"] = ["Pat Player", "Quinn Player"]
    submission = do_submit_result(one_round_table, Submission.Kind.GLORY_RECORD, record, player)
    assert submission.answer["totals"] == [60, 36]
    do_confirm_result(submission, other_player)

    result = Result.objects.get(table=one_round_table)
    assert result.source == Result.Source.RECORD
    assert result.detail["record"]["rounds"] == record["rounds"]
    assert [s.score for s in result.seats.order_by("position")] == [60, 36]
