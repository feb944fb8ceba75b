"""A batch's page polls its progress every second: that costs the same few queries
whether the batch has four games or thirty."""

import pytest

from bots.chunks import do_play_chunk
from bots.models import Batch
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("games", [4, 30])
def test_a_batchs_progress_costs_the_same_queries_at_any_size(
    player, client_for, builtin_bot, django_assert_max_num_queries, games
):
    lineups = [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
    batch = do_schedule_batch(player, Batch.Kind.SERIES, lineups, games_per_lineup=games, seed=3)
    client = client_for(player)
    do_play_chunk(batch.chunks.get().pk)

    with django_assert_max_num_queries(9):
        fragment = client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()
    assert f"{games} of {games} games" in fragment
    with django_assert_max_num_queries(6):
        progress = client.get(f"/api/bot-batches/{batch.pk}/").json()
    assert progress["done"] == games
