"""Walk-ins (players without an account) are never asked to confirm: the registered
players confirm, and a table with nobody else to ask waits for an organiser."""

import pytest
from django.core.exceptions import PermissionDenied

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from scoring.submissions import players_to_confirm, waits_for_organiser
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.entrants import do_add_walk_in
from tournaments.models import Result, Seat, Table

pytestmark = pytest.mark.django_db
TABLE = Submission.Kind.GLORY_TABLE


def seat_walk_in_beside(table, name="Wanda Walkin"):
    """Replace other_player (seat 2) with a walk-in."""
    walk_in = do_add_walk_in(table.round.event, name)
    Seat.objects.filter(table=table, position=1).update(entrant=walk_in)
    return walk_in


def test_a_walk_in_is_never_asked_and_a_player_beside_only_walk_ins_waits_for_an_organiser(
    one_round_table, player, organiser
):
    seat_walk_in_beside(one_round_table)
    submission = do_submit_result(one_round_table, TABLE, RULEBOOK_ROUND, player)
    assert players_to_confirm(submission) == set()
    assert submission.status == Submission.Status.PENDING
    assert waits_for_organiser(submission)
    assert not Result.objects.filter(table=one_round_table).exists()

    do_confirm_result(submission, organiser)

    submission.refresh_from_db()
    assert submission.status == Submission.Status.CONFIRMED
    result = Result.objects.get(table=one_round_table)
    assert result.source == Result.Source.PLAYERS


def test_the_registered_players_confirm_and_the_walk_in_is_not_waited_for(
    one_round_table, player, other_player, organiser
):
    event = one_round_table.round.event
    event.table_size = 3
    event.save()
    walk_in = do_add_walk_in(event, "Wanda Walkin")
    Seat.objects.create(table=one_round_table, entrant=walk_in, position=2)
    entry = {"rounds": [{"sets": [{"20": 2}, {"18": 2}, {"16": 3}]}]}
    submission = do_submit_result(one_round_table, TABLE, entry, player)
    assert players_to_confirm(submission) == {other_player.pk}
    with pytest.raises(PermissionDenied):
        do_confirm_result(submission, organiser)  # a registered player is there to ask
    do_confirm_result(submission, other_player)
    assert Result.objects.filter(table=one_round_table).exists()


def test_an_organisers_entry_at_a_table_of_walk_ins_is_agreed_at_once(
    league, organiser, one_round_table
):
    event = one_round_table.round.event
    first, second = do_add_walk_in(event, "Wanda"), do_add_walk_in(event, "Walter")
    table = Table.objects.create(round=one_round_table.round, number=2)
    Seat.objects.create(table=table, entrant=first, position=0)
    Seat.objects.create(table=table, entrant=second, position=1)
    submission = do_submit_result(table, TABLE, RULEBOOK_ROUND, organiser)
    assert submission.status == Submission.Status.CONFIRMED
    assert Result.objects.filter(table=table).exists()


def test_the_one_who_entered_cannot_confirm_their_own_entry_beside_a_walk_in(
    one_round_table, player
):
    seat_walk_in_beside(one_round_table)
    submission = do_submit_result(one_round_table, TABLE, RULEBOOK_ROUND, player)
    with pytest.raises(Refusal):
        do_confirm_result(submission, player)
    assert Submission.objects.get().status == Submission.Status.PENDING
