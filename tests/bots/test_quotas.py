"""A person's bot work is bounded (bots.quotas): a batch that would take their queued
work over ``BOTS_WORK_BUDGET_SECONDS`` is refused with 400 naming the budget, before
anything is written, on the API, the page and the command alike; a large batch is
written out by a task, so the request answers at once; a retry with the same
Idempotency-Key gets the same batch, never a second one."""

import math
import threading

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from bots.models import Batch, Chunk, Match
from bots.quotas import DECISIONS_PER_SEAT_ROUND, SEARCH_MS, queued_work_ms
from bots.scheduling import do_fan_out, do_schedule_batch
from lib.refusal import Refusal
from tests.fixtures.worker import wait_for

# A heads-up game of one round between two search bots at their defaults, in ms.
QUICK_GAME = 2 * DECISIONS_PER_SEAT_ROUND * SEARCH_MS["heads_up"]


def schedule(client, bots, games, rounds=1, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post(
        "/api/bot-batches/",
        {"schedule": "series", "bots": [bot.pk for bot in bots], "games": games,
         "options": {"rounds": rounds}},
        content_type="application/json",
        headers=headers,
    )  # fmt: skip


@pytest.fixture
def pair(builtin_bot):
    return [builtin_bot("Sam", "search"), builtin_bot("Sue", "search")]


def queued_work(user):
    return queued_work_ms(type(user).objects.filter(pk=user.pk))


@pytest.mark.django_db
def test_a_batch_over_the_budget_is_refused_naming_it_and_nothing_is_written(
    settings, client_for, player, pair
):
    settings.BOTS_WORK_BUDGET_SECONDS = 10
    refused = schedule(client_for(player), pair, games=2, rounds=8)
    assert refused.status_code == 400
    answer = refused.json()
    assert answer["field"] == "games"
    assert "over the budget of 10 s" in answer["detail"]
    assert "about 12 s of a worker's time" in answer["detail"]
    assert not Batch.objects.exists() and not Match.objects.exists()


@pytest.mark.django_db
def test_queued_batches_count_against_the_budget_until_played(
    settings, client_for, player, other_player, pair
):
    settings.BOTS_WORK_BUDGET_SECONDS = 10
    client = client_for(player)
    first = schedule(client, pair, games=10)
    assert first.status_code == 201
    assert queued_work(player) == math.ceil(10 * QUICK_GAME)
    refused = schedule(client, pair, games=5)
    assert refused.status_code == 400
    assert "you have 8 s still queued" in refused.json()["detail"]
    assert schedule(client, pair, games=3).status_code == 201
    assert queued_work(other_player) == 0
    Batch.objects.filter(pk=first.json()["id"]).update(status="done")
    assert queued_work(player) == math.ceil(3 * QUICK_GAME)


@pytest.mark.django_db
def test_the_page_and_the_command_keep_the_same_budget(settings, client_for, player, pair):
    settings.BOTS_WORK_BUDGET_SECONDS = 10
    page = client_for(player).post(
        "/bots/batches/new/",
        {"kind": "series", "bots": [bot.pk for bot in pair], "games": 15, "rounds": 1,
         "table_size": 2},
    )  # fmt: skip
    assert page.status_code == 400  # refused, shown on the form
    assert "over the budget of 10 s" in page.content.decode()
    with pytest.raises(CommandError, match="over the budget of 10 s"):
        call_command(
            "schedule_bot_matches", "Sam", "Sue", "--games", "15",
            "--as-user", player.username,
        )  # fmt: skip
    assert not Batch.objects.exists()


@pytest.mark.django_db
def test_a_batch_is_written_out_once_however_often_its_task_runs(settings, player, pair):
    settings.BOTS_FAN_OUT_IN_REQUEST = 2
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [pair], games_per_lineup=5)
    assert not batch.chunks.exists()
    assert do_fan_out(batch.pk) is True
    assert do_fan_out(batch.pk) is False
    assert Chunk.objects.filter(batch=batch).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_large_batch_answers_at_once_and_a_retry_never_doubles_it(
    settings, celery_worker, client_for, player, builtin_bot
):
    settings.BOTS_FAN_OUT_IN_REQUEST = 2
    pair = [builtin_bot("Randy"), builtin_bot("Rita")]  # quick games for the worker
    client = client_for(player)
    first = schedule(client, pair, games=6, key="evening-batch")
    assert first.status_code == 201
    again = schedule(client, pair, games=6, key="evening-batch")
    assert again.status_code == 201 and again.json()["id"] == first.json()["id"]
    assert again["Idempotent-Replayed"] == "true"
    wait_for(
        lambda: Batch.objects.filter(pk=first.json()["id"], status="done").exists(),
        what="the worker to write out and play the batch",
    )
    assert Batch.objects.count() == 1
    assert sorted(Match.objects.values_list("number", flat=True)) == list(range(6))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("worker_paused")  # the batch is not to be played: only counted
def test_two_batches_sent_at_once_cannot_both_squeeze_under_the_budget(settings, player, pair):
    settings.BOTS_WORK_BUDGET_SECONDS = 10
    outcomes = []
    both_ready = threading.Barrier(2)

    def send():
        both_ready.wait()
        try:
            do_schedule_batch(player, Batch.Kind.SERIES, [pair], games_per_lineup=8)
            outcomes.append("scheduled")
        except Refusal:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["refused", "scheduled"]
    assert Batch.objects.count() == 1
