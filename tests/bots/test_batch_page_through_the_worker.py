"""The batch page, polled as htmx polls it, while the real worker plays: the count only
grows, the list of finished games grows with it, it never says it waits for a worker
once games are finished, and the finished batch sums itself up."""

import re
import time

import pytest
from django.db import transaction

from bots import conf
from bots.models import Batch
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db(transaction=True)

GAMES, CHUNK = 300, 20


def read(fragment: str) -> dict:
    return {
        "done": int(re.search(r'data-done="(\d+)"', fragment).group(1)),
        "finished": 'data-finished="true"' in fragment,
        "listed": len(re.findall(r">Game \d+</a>", fragment)),
        "waiting": "waiting for a worker" in fragment,
        "summary": 'id="batch-summary"' in fragment,
    }


def test_the_batch_page_follows_the_worker_game_by_game(
    celery_worker, client, player, builtin_bot, monkeypatch
):
    monkeypatch.setattr(conf, "CHUNK_SIZE", CHUNK)  # the chunks are cut when scheduled
    bots = [[builtin_bot("Randy"), builtin_bot("Rita")]]
    seen = []
    # The chunks go to the worker when the batch commits: the page is read once before
    # (a first request is slow, and a fast worker played all 300 games before it).
    with transaction.atomic():
        batch = do_schedule_batch(player, Batch.Kind.SERIES, bots, games_per_lineup=GAMES, seed=9)
        assert batch.chunks.count() == GAMES // CHUNK
        seen.append(read(client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()))
    deadline = time.monotonic() + 120
    while not (seen and seen[-1]["finished"]):
        assert time.monotonic() < deadline, f"the batch did not finish: {seen[-1:]}"
        seen.append(read(client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()))
        time.sleep(0.02)

    done = [view["done"] for view in seen]
    assert done == sorted(done), "the count of finished games never goes back"
    between = [view for view in seen if 0 < view["done"] < GAMES]
    assert between, f"the page showed no game count between 0 and {GAMES}: {sorted(set(done))}"
    # the list is read just after the count, so it may hold a chunk more, never less
    assert all(min(view["done"], 20) <= view["listed"] <= 20 for view in seen)
    assert not any(view["waiting"] for view in seen if view["done"])
    assert not any(view["summary"] for view in seen if not view["finished"])
    assert seen[-1] == {
        "done": GAMES, "finished": True, "listed": 20, "waiting": False, "summary": True
    }  # fmt: skip
