"""A delivery crosses the broker to a real Celery worker process, which signs and sends
it to the receiver: a result written (its signal heard once it commits) and the hook
page's "Send a test". Runs on both passes."""

import pytest

from integrations.hooks import do_add_hook
from integrations.models import Delivery, Hook, Topic
from tests.fixtures.worker import wait_for
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_worker_delivers_a_result_and_a_test_signed(
    celery_worker, receiver, client_for, organiser, table
):
    hook = do_add_hook(
        organiser,
        event=table.round.event,
        kind=Hook.Kind.SIGNED,
        url=receiver.url,
        topics=[Topic.RESULT_OFFICIAL],
    )
    receiver.secret = hook.secret
    do_record_result(table, [SeatOutcome(0, 30, 1), SeatOutcome(1, 20, 2)], source="organiser")
    wait_for(lambda: receiver.got, what="the worker to deliver the result")
    response = client_for(organiser).post(f"/integrations/hooks/{hook.key}/test/")
    assert response.status_code == 302
    wait_for(lambda: len(receiver.got) == 2, what="the worker to deliver the test")
    assert [got.body["type"] for got in receiver.got] == ["result.official", "test"]
    assert all(got.signed for got in receiver.got)
    wait_for(
        lambda: not Delivery.objects.exclude(status=Delivery.Status.DELIVERED).exists(),
        what="the deliveries to be marked delivered",
    )
    assert Delivery.objects.filter(status=Delivery.Status.DELIVERED).count() == 2
