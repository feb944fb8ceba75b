"""Uploaded bots on the real worker: the sandbox runs under Celery's pool as in
production, a bot that crashes is attributed its faults, and the worker plays the
other games of the batch on."""

import time
from pathlib import Path

import pytest

from bots.models import Batch, Fault, WorkStatus
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db(transaction=True)

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()
BOMB = b"import os, sys\nsys.stdin.readline()\nwhile True:\n    os.fork()\n"


def test_a_batch_of_uploaded_bots_plays_on_the_worker(celery_worker, player, uploaded_bot):
    good, bomber = uploaded_bot("Good", GOOD), uploaded_bot("Bomber", BOMB)
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[good, bomber]], games_per_lineup=2, seed=5,
        options={"rounds": 1},
    )  # fmt: skip
    deadline = time.monotonic() + 180
    while Batch.objects.get(pk=batch.pk).status != WorkStatus.DONE:
        assert time.monotonic() < deadline, "the batch did not finish"
        time.sleep(0.2)
    matches = list(batch.matches.all())
    assert [match.status for match in matches] == [WorkStatus.DONE] * 2
    assert not Fault.objects.filter(match__batch=batch, bot=good).exists()
    kinds = set(Fault.objects.filter(match__batch=batch, bot=bomber).values_list("kind", flat=True))
    assert kinds == {Fault.Kind.CRASH}
    assert all(match.seats.get(bot=bomber).forfeited for match in matches)
