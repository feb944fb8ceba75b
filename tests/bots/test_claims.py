"""A match is played by one worker at a time: a claim is a conditional UPDATE, a lease
whose worker stopped renewing it can be taken over, and whoever lost the claim stores
nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from bots.claims import ClaimLost, Lease, claim
from bots.matches import do_play_match
from bots.models import Batch, Match
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(player, builtin_bot):
    batch = do_schedule_batch(
        player, Batch.Kind.SINGLE, [[builtin_bot("A"), builtin_bot("B")]], seed=3
    )
    return batch.matches.get()


def test_a_match_can_be_claimed_only_once_while_its_lease_runs(match):
    assert claim(Match, match.pk) is not None
    assert claim(Match, match.pk) is None


def test_a_match_whose_lease_expired_is_claimed_again(match):
    first = claim(Match, match.pk)
    Match.objects.filter(pk=match.pk).update(claimed_at=timezone.now() - timedelta(hours=1))

    second = claim(Match, match.pk)

    assert second is not None and second != first
    assert Match.objects.get(pk=match.pk).attempts == 2
    with pytest.raises(ClaimLost):
        Lease(Match, match.pk, first).finish()


def test_a_finished_match_is_not_played_again(match):
    assert do_play_match(match.pk) == "done"
    record = Match.objects.get(pk=match.pk).record

    assert do_play_match(match.pk) == "not claimable"
    again = Match.objects.get(pk=match.pk)
    assert again.record == record and again.attempts == 1


def test_the_same_seed_plays_the_same_game(player, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B", key="greedy")
    records = []
    for _ in range(2):
        batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[a, b]], seed=99)
        match = batch.matches.get()
        do_play_match(match.pk)
        records.append(Match.objects.get(pk=match.pk).record)
    assert records[0] == records[1]


def test_only_matches_whose_lease_expired_are_sent_again(player, builtin_bot, remote_bot):
    from bots.tasks import requeue_stale_work

    lineup = [builtin_bot("A"), remote_bot("R", "http://127.0.0.1:9")]
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [lineup], games_per_lineup=3)
    dead, alive, queued = batch.matches.order_by("number")
    claim(Match, dead.pk)
    claim(Match, alive.pk)
    Match.objects.filter(pk=dead.pk).update(claimed_at=timezone.now() - timedelta(hours=1))

    assert requeue_stale_work() == 1
    assert requeue_stale_work(include_queued=True) == 2
