"""Entries racing on PostgreSQL: two phones saving the same round at the same moment, and
a confirmation racing an organiser's override. The table's row lock puts them in a line;
the second then sees what the first did and agrees, conflicts or is refused as stale,
and never overwrites it."""

import threading

import pytest
from django.db import connection

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result, do_override_result
from scoring.entering import do_enter_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.threads import InThread
from tournaments.models import Result

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TABLE = Submission.Kind.GLORY_TABLE
ROUND = RULEBOOK_ROUND["rounds"][0]
SWAPPED = {"sets": list(reversed(ROUND["sets"]))}


def at_once(*works):
    """Run each work in a thread of its own, released together: (answer or error) each."""
    start = threading.Barrier(len(works))
    outcomes = [None] * len(works)

    def run(index, work):
        start.wait()
        try:
            outcomes[index] = work()
        except Refusal as refusal:
            outcomes[index] = refusal
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(works)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


@pytest.fixture
def four_rounds(table):
    table.round.event.rules_options = {"rounds": 4}
    table.round.event.save()
    return table


@pytest.mark.parametrize("theirs, agreed", [(ROUND, True), (SWAPPED, False)])
def test_two_phones_saving_round_one_at_once_store_it_once(
    four_rounds, player, other_player, theirs, agreed
):
    for _attempt in range(5):
        Submission.objects.all().delete()
        outcomes = at_once(
            lambda: do_enter_result(four_rounds, TABLE, ROUND, player, round_number=1),
            lambda: do_enter_result(four_rounds, TABLE, theirs, other_player, round_number=1),
        )
        stored = Submission.objects.get()
        assert stored.rounds_entered == 1
        created = [o for o in outcomes if not isinstance(o, Refusal) and o.created]
        assert len(created) == 1
        second = next(o for o in outcomes if o is not created[0])
        if agreed:
            assert not isinstance(second, Refusal) and second.agreed
        else:
            assert isinstance(second, Refusal) and second.is_conflict
            winner = player if stored.rounds == [ROUND] else other_player
            assert stored.round_authors == [winner.pk]


@pytest.fixture
def waiting(table, player):
    table.round.event.rules_options = {"rounds": 1}
    table.round.event.save()
    return do_enter_result(table, TABLE, ROUND, player, round_number=1).submission


def test_a_confirmation_holding_the_table_makes_a_racing_override_stale(
    waiting, other_player, organiser
):
    seen = waiting.basis
    confirm = InThread(lambda: do_confirm_result(waiting, other_player, basis=seen), hold=True)
    assert confirm.ready.wait(20) and confirm.error is None
    override = InThread(
        lambda: do_override_result(
            waiting.table, TABLE, {"rounds": [SWAPPED]}, organiser, "swapped", basis=seen
        )
    )
    assert not override.done.wait(0.5)  # it waits for the table's lock
    confirm.release()
    override.finish()
    assert isinstance(override.error, Refusal) and override.error.is_conflict
    result = Result.objects.get(table=waiting.table)
    assert result.source == Result.Source.PLAYERS
    assert Submission.objects.get().status == Submission.Status.CONFIRMED


def test_an_override_holding_the_table_refuses_a_racing_confirmation(
    waiting, other_player, organiser
):
    seen = waiting.basis
    override = InThread(
        lambda: do_override_result(
            waiting.table, TABLE, {"rounds": [SWAPPED]}, organiser, "swapped", basis=seen
        ),
        hold=True,
    )
    assert override.ready.wait(20) and override.error is None
    confirm = InThread(lambda: do_confirm_result(waiting, other_player, basis=seen))
    assert not confirm.done.wait(0.5)
    override.release()
    confirm.finish()
    assert isinstance(confirm.error, Refusal) and confirm.error.is_conflict
    assert Result.objects.get(table=waiting.table).source == Result.Source.ORGANISER
    assert not waiting.confirmations.exists()
