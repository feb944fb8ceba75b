"""Writes side by side on PostgreSQL: two tables of one event never wait on each other,
and a result racing "finish the event" either lands first or is refused.

Each race holds one write's transaction open in a thread (``HeldOpen``) and runs the
other write in a second thread with a lock timeout, so a write that waits where it
should not fails instead of hanging.
"""

import pytest

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.threads import InThread
from tests.tournaments.helpers import make_event
from tournaments.finishing import do_finish_event
from tournaments.models import Event, Result, Round, StandingsRequest
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

# The test counts the standings requests its writes queue: the session's worker, once
# started by an earlier test, would take (and delete) them meanwhile.
pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("worker_paused"),
]

TABLE = Submission.Kind.GLORY_TABLE


def agree(table, users):
    """One player enters the table's round, the others confirm it."""
    submitter, *others = users
    submission = do_submit_result(table, TABLE, RULEBOOK_ROUND, submitter)
    for user in others:
        do_confirm_result(submission, user)


def players_of(table):
    return [seat.entrant.user for seat in table.seats.select_related("entrant__user")]


def two_tables(league, organiser, **options):
    """Round 1 of a Call to Glory event of four at tables of two."""
    event = make_event(league, organiser, players=4, table_size=2, rules_options=options)
    round_ = do_pair_round(event)
    return list(round_.tables.filter(is_bye=False).order_by("number"))


def enter_round(table):
    """A player enters the first round of a longer game (saved in progress, no result)."""
    do_submit_result(table, TABLE, RULEBOOK_ROUND, players_of(table)[0])


def test_entries_at_two_tables_of_one_event_go_on_side_by_side(league, organiser):
    first, second = two_tables(league, organiser)  # a round of a longer game: no result
    held = InThread(lambda: enter_round(first), hold=True)
    assert held.ready.wait(20) and held.error is None
    other = InThread(lambda: enter_round(second), lock_timeout="3s").finish()
    assert other.error is None, other.error  # it did not wait on the first table's write
    assert other.seconds < 3
    saved = Submission.objects.filter(status=Submission.Status.IN_PROGRESS)
    assert list(saved.values_list("table", flat=True)) == [second.pk]  # first: uncommitted
    held.release()
    assert held.error is None, held.error
    assert saved.count() == 2


def test_results_of_two_tables_of_one_event_are_recorded_side_by_side(league, organiser):
    first, second = two_tables(league, organiser, rounds=1)  # one entry ends the game
    held = InThread(lambda: agree(first, players_of(first)), hold=True)
    assert held.ready.wait(20) and held.error is None
    other = InThread(lambda: agree(second, players_of(second)), lock_timeout="3s").finish()
    assert other.error is None, other.error  # no wait on the event, round or standings
    assert other.seconds < 3
    assert list(Result.objects.values_list("table", flat=True)) == [second.pk]
    held.release()
    assert held.error is None, held.error
    assert Result.objects.filter(table__in=[first, second]).count() == 2
    assert Round.objects.get(pk=first.round_id).status == Round.Status.COMPLETE  # after commit
    assert StandingsRequest.objects.filter(event=first.round.event_id).count() == 3


def record(table, first_score):
    outcomes = [SeatOutcome(0, first_score, 1), SeatOutcome(1, 10, 2)]
    do_record_result(table, outcomes, source="organiser")


@pytest.fixture
def played_table(table):
    """The personas' table with its result, in a running event."""
    Event.objects.filter(pk=table.round.event_id).update(status=Event.Status.RUNNING)
    record(table, 50)
    return table


def test_a_result_written_while_the_event_is_being_finished_is_refused(played_table):
    finishing = InThread(lambda: do_finish_event(played_table.round.event), hold=True)
    assert finishing.ready.wait(20) and finishing.error is None
    override = InThread(lambda: record(played_table, 99))
    assert not override.done.wait(0.5)  # it waits for the finish
    finishing.release()
    assert finishing.error is None, finishing.error
    override.finish()
    assert isinstance(override.error, Refusal)
    assert "finished" in str(override.error.message)
    assert Event.objects.get(pk=played_table.round.event_id).status == Event.Status.FINISHED
    assert Result.objects.get(table=played_table).seats.get(position=0).score == 50


def test_finishing_waits_for_a_result_being_written_and_counts_it(played_table):
    override = InThread(lambda: record(played_table, 99), hold=True)
    assert override.ready.wait(20) and override.error is None
    finishing = InThread(lambda: do_finish_event(played_table.round.event))
    assert not finishing.done.wait(0.5)  # it waits for the result
    override.release()
    assert override.error is None, override.error
    finishing.finish()
    assert finishing.error is None, finishing.error
    assert Event.objects.get(pk=played_table.round.event_id).status == Event.Status.FINISHED
    assert Result.objects.get(table=played_table).seats.get(position=0).score == 99
