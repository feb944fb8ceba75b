"""A series of built-in bots is played in chunks by the real worker: every game stored
once, seats rotated, the batch closed, the bots rated; running a chunk again does
nothing."""

from itertools import combinations

import pytest

from bots.chunks import do_play_chunk
from bots.models import Batch, Bot, Match, MatchSeat
from bots.scheduling import do_schedule_batch, round_robin_lineups
from games.call_to_glory import validate_record
from tests.fixtures.worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_series_is_played_in_chunks_with_the_seats_rotated(celery_worker, player, builtin_bot):
    randy, greta = builtin_bot("Randy"), builtin_bot("Greta", key="greedy")
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [[randy, greta]], games_per_lineup=12)

    wait_for(
        lambda: Batch.objects.filter(pk=batch.pk, status="done").exists(),
        what="the worker to finish the batch",
    )
    matches = list(Match.objects.filter(batch=batch).order_by("number"))
    assert [m.number for m in matches] == list(range(12))
    assert all(m.status == "done" for m in matches)
    starters = [m.seats.get(position=0).bot.name for m in matches]
    assert starters == ["Randy", "Greta"] * 6
    assert validate_record(matches[0].record)["valid"] is True
    assert matches[1].record["players"] == ["Greta", "Randy"]

    rated = wait_for(
        lambda: Bot.objects.filter(pk=randy.pk, games_rated=12).first(),
        what="the ratings task",
    )
    assert rated.rating_sigma < 25 / 3

    chunk = batch.chunks.get()
    assert do_play_chunk(chunk.pk) == 0
    assert Match.objects.filter(batch=batch).count() == 12
    assert MatchSeat.objects.filter(match__batch=batch).count() == 24


@pytest.mark.usefixtures("worker_paused")  # the games are not to be played here
def test_a_round_robin_seats_every_pair_of_bots(player, builtin_bot):
    bots = [builtin_bot(name) for name in ["A", "B", "C", "D"]]
    lineups = round_robin_lineups(bots, 2)
    batch = do_schedule_batch(player, Batch.Kind.ROUND_ROBIN, lineups, games_per_lineup=2)

    assert batch.total == 12
    assert sorted(tuple(sorted(lineup)) for lineup in batch.lineups) == sorted(
        (a.pk, b.pk) for i, a in enumerate(bots) for b in bots[i + 1 :]
    )


@pytest.mark.usefixtures("worker_paused")  # the games are not to be played here
def test_a_round_robin_of_nine_bots_at_threes_follows_the_design(player, builtin_bot):
    bots = [builtin_bot(f"B{n}") for n in range(9)]
    lineups = round_robin_lineups(bots, 3)
    assert len(lineups) == 12 and all(len(lineup) == 3 for lineup in lineups)
    pairs = [tuple(sorted(b.pk for b in pair)) for t in lineups for pair in combinations(t, 2)]
    assert len(pairs) == len(set(pairs)) == 36  # every pair exactly once
