"""Replays that explain: each decision of a bot match shows the time its bot took and
its limit, a fault is marked at its move with the reason, and a bot's page gives its
latency percentiles over its recent games."""

from pathlib import Path

import pytest

from bots.latency import latency_of, percentile
from bots.matches import do_play_match
from bots.models import Batch
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()
# Thinks 50 ms a move, and its third move is one no game has.
SLOW_AND_WRONG = GOOD.replace(
    b"def choose(request: dict, rng: random.Random) -> str:\n",
    b"def choose(request: dict, rng: random.Random) -> str:\n"
    b"    import time\n    time.sleep(0.05)\n    choose.calls = getattr(choose, 'calls', 0) + 1\n"
    b"    if choose.calls == 3:\n        return '0 fly away'\n",
)


def played(player, lineup):
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options={"rounds": 1}, seed=3)
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    return match


def test_a_match_keeps_each_decisions_time_and_its_limit(player, builtin_bot, uploaded_bot):
    slow = uploaded_bot("Slowpoke", SLOW_AND_WRONG, move_timeout_ms=400)
    match = played(player, [slow, builtin_bot()])
    assert match.timings["limits"] == [400, None]
    mine = [ms for _decision, seat, ms in match.timings["decisions"] if seat == 0]
    assert len(mine) >= 3 and min(mine) >= 50
    # The built-in random bot plays in process without being asked: it has no times.
    assert {seat for _decision, seat, _ms in match.timings["decisions"]} == {0}


def test_the_replay_shows_times_limits_and_the_fault_at_its_move(
    client_for, player, builtin_bot, uploaded_bot
):
    slow = uploaded_bot("Slowpoke", SLOW_AND_WRONG, move_timeout_ms=400)
    match = played(player, [slow, builtin_bot()])
    fault = match.faults.get()
    page = client_for(player).get(f"/bots/matches/{match.pk}/").content.decode()
    assert " of 400 ms" in page
    assert page.count('class="badge warn move-fault"') == 1
    assert "&#x27;0 fly away&#x27; is not one of the" in page  # the author reads the evidence
    # The badge is on the move the fault was at (the random move played for it).
    marked = page.split('class="badge warn move-fault"')[0].rsplit("<li", 1)[1]
    assert f"step={fault.move_number}" in marked


def test_a_bots_page_gives_its_latency_percentiles(client_for, player, builtin_bot, uploaded_bot):
    slow = uploaded_bot("Slowpoke", SLOW_AND_WRONG, move_timeout_ms=400)
    played(player, [slow, builtin_bot()])
    latency = latency_of(slow)
    assert latency.limit_ms == 400 and latency.decisions >= 3
    assert [p for p, _ms in latency.percentiles] == [50, 90, 99]
    assert 50 <= latency.percentiles[0][1] <= latency.slowest
    page = client_for(player).get(f"/bots/{slow.pk}/").content.decode()
    assert "p50 " in page and "limit 400 ms per move" in page


def test_percentiles_are_nearest_rank():
    ordered = [float(n) for n in range(1, 101)]
    assert [percentile(ordered, p) for p in (50, 90, 99, 100)] == [50.0, 90.0, 99.0, 100.0]
    assert percentile([7.0], 99) == 7.0
