"""An event's change is announced to its open pages once per write that commits,
however many rows of that write change what they show: a table's last confirmation
writes its audit entry and its result, and is one announcement."""

import pytest
from django.db import transaction

from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.tournaments.helpers import make_event, published
from tournaments import live
from tournaments.models import Result
from tournaments.pairing import do_pair_round

# Each service commits its own transaction, as in a request: the test's own transaction
# would hold the pairing's announcement and hide what a write adds.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(league, organiser):
    """A table of two in round 1 of a one-round Call to Glory event."""
    event = make_event(league, organiser, players=4, table_size=2, rules_options={"rounds": 1})
    return published(do_pair_round(event)).tables.get(number=1)


def announced(callbacks, event_id: int) -> int:
    """How many of the committed callbacks announced ``event_id``'s change."""
    return sum(
        1
        for callback in callbacks
        if isinstance(callback, live.Announcement) and callback.event_id == event_id
    )


def test_a_tables_last_confirmation_is_announced_once(table, django_capture_on_commit_callbacks):
    first, second = (seat.entrant.user for seat in table.seats.order_by("position"))
    event_id = table.round.event_id
    submission = do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, first)
    # The callbacks the confirmation's transaction will run when it commits.
    with transaction.atomic(), django_capture_on_commit_callbacks() as confirmed:
        do_confirm_result(submission, second)
    assert Result.objects.filter(table=table).exists()  # its result and its audit entry
    assert announced(confirmed, event_id) == 1


def test_a_savepoint_rolled_back_does_not_take_the_writes_announcement_with_it(
    table, django_capture_on_commit_callbacks
):
    event_id = table.round.event_id
    with transaction.atomic(), django_capture_on_commit_callbacks() as callbacks:
        try:
            with transaction.atomic():
                live.announce_change(event_id)
                raise RuntimeError("the inner write fails")
        except RuntimeError:
            pass
        live.announce_change(event_id)  # the outer write still changes the event
        live.announce_change(event_id)
    assert announced(callbacks, event_id) == 1
