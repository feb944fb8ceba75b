"""A Call to Glory game is entered round by round as it is played: the game in progress
is saved and asked of nobody; once it holds every round, each other registered player
confirms it once."""

import pytest

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result
from scoring.entering import do_enter_result, do_take_back_round
from scoring.models import AuditEntry, Confirmation, Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result

pytestmark = pytest.mark.django_db
TABLE = Submission.Kind.GLORY_TABLE
ROUND = RULEBOOK_ROUND["rounds"][0]
SWAPPED = {"sets": list(reversed(ROUND["sets"]))}


def pair(entered) -> tuple:
    """(the entry, whether it is new)."""
    return entered.submission, entered.created


def rounds(*played) -> dict:
    return {"rounds": list(played)}


@pytest.fixture
def two_round_table(table):
    table.round.event.rules_options = {"rounds": 2}
    table.round.event.save()
    return table


def test_the_first_round_is_saved_in_progress_and_nobody_is_asked(
    two_round_table, player, other_player
):
    submission, created = pair(do_enter_result(two_round_table, TABLE, rounds(ROUND), player))
    assert created
    assert submission.status == Submission.Status.IN_PROGRESS
    assert submission.rounds_entered == 1
    with pytest.raises(Refusal) as refused:
        do_confirm_result(submission, other_player)
    assert refused.value.is_conflict
    assert not Confirmation.objects.exists()


def test_any_seated_player_enters_the_next_round_into_the_same_entry(
    two_round_table, player, other_player
):
    first, _ = pair(do_enter_result(two_round_table, TABLE, rounds(ROUND), player))
    second, created = pair(
        do_enter_result(two_round_table, TABLE, rounds(ROUND, SWAPPED), other_player)
    )
    assert not created
    assert second.pk == first.pk
    assert Submission.objects.count() == 1
    assert second.status == Submission.Status.PENDING
    assert second.answer["totals"] == [96, 96]
    # other_player entered the last round: player confirms, once.
    do_confirm_result(second, player)
    assert Result.objects.get(table=two_round_table).seats.count() == 2
    assert Confirmation.objects.count() == 1


def test_sending_the_same_rounds_again_changes_nothing(two_round_table, player):
    first, _ = pair(do_enter_result(two_round_table, TABLE, rounds(ROUND), player))
    again, created = pair(do_enter_result(two_round_table, TABLE, rounds(ROUND), player))
    assert not created and again.pk == first.pk
    assert AuditEntry.objects.count() == 1


def test_a_changed_earlier_round_is_refused_with_the_round_named(
    two_round_table, player, other_player
):
    do_enter_result(two_round_table, TABLE, rounds(ROUND), player)
    with pytest.raises(Refusal) as refused:
        do_enter_result(two_round_table, TABLE, rounds(SWAPPED, ROUND), other_player)
    assert refused.value.is_conflict
    assert "round 1" in str(refused.value.message)
    assert refused.value.error["conflict"]["stored"] == ROUND
    assert Submission.objects.get().entry["rounds"] == [ROUND]


def test_a_slip_is_taken_back_and_entered_again(two_round_table, player, other_player):
    do_enter_result(two_round_table, TABLE, rounds(ROUND), player)
    assert do_take_back_round(two_round_table, other_player) is None
    assert not Submission.objects.exists()
    submission, created = pair(
        do_enter_result(two_round_table, TABLE, rounds(SWAPPED), other_player)
    )
    assert created and submission.answer["totals"] == [36, 60]
    actions = list(AuditEntry.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["entered rounds", "took back a round", "entered rounds"]


def test_an_outsider_cannot_extend_a_game_in_progress(two_round_table, player, outsider):
    from django.core.exceptions import PermissionDenied

    do_enter_result(two_round_table, TABLE, rounds(ROUND), player)
    with pytest.raises(PermissionDenied):
        do_enter_result(two_round_table, TABLE, rounds(ROUND, ROUND), outsider)
    with pytest.raises(PermissionDenied):
        do_take_back_round(two_round_table, outsider)
    assert Submission.objects.get().rounds_entered == 1
