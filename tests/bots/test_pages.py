"""The bots' pages: a bot's rating, recent games and faults; a batch's progress; a
ladder and its periodic task."""

import pytest
from django_celery_beat.models import PeriodicTask

from bots.chunks import do_play_chunk
from bots.matches import do_play_match
from bots.models import Batch, Ladder
from bots.ratings import do_update_bot_ratings, rating_history
from bots.scheduling import do_schedule_batch

pytestmark = pytest.mark.django_db


def test_a_bots_page_shows_its_rating_recent_games_and_faults(
    client, player, builtin_bot, remote_bot
):
    randy = builtin_bot("Randy")
    ghost = remote_bot("Ghost", "http://127.0.0.1:9")
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[randy, ghost]], seed=5)
    match = batch.matches.get()
    do_play_match(match.pk)
    do_update_bot_ratings()

    page = client.get(f"/bots/{ghost.pk}/").content.decode()
    assert f"/bots/matches/{match.pk}/" in page
    assert "connection failed" in page and "closed before an answer" in page  # outline
    assert "forfeit" in page
    assert 'class="recent-form"' in page and "Won 0 of the last 1 games" in page
    ghost.refresh_from_db()
    assert ghost.games_rated == 1
    assert f"{ghost.rating:.1f}" in page


def test_a_bots_page_plots_its_rating_after_each_rated_match(client, player, builtin_bot):
    randy, greedy = builtin_bot("Randy"), builtin_bot("Gree", key="greedy")
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[randy, greedy]], games_per_lineup=6, options={"rounds": 1}
    )
    do_play_chunk(batch.chunks.get().pk)
    do_update_bot_ratings()

    history = rating_history(greedy)
    greedy.refresh_from_db()
    assert len(history) == 6 and history[-1][1] == pytest.approx(greedy.rating)
    assert [match_id for match_id, _ in history] == sorted(m.pk for m in batch.matches.all())
    page = client.get(f"/bots/{greedy.pk}/").content.decode()
    assert "Rating over time" in page and 'aria-label="Rating over time"' in page
    assert "built-in · Greedy · by" in page  # the bot's name, not its key "greedy"
    german = client.get(f"/bots/{greedy.pk}/", headers={"accept-language": "de"})
    assert " · Gierig · " in german.content.decode()


def test_a_long_rating_history_is_thinned_to_the_points_a_plot_can_show(player, builtin_bot):
    randy, other = builtin_bot("Randy"), builtin_bot("Rando")
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[randy, other]], games_per_lineup=30, options={"rounds": 1}
    )
    do_play_chunk(batch.chunks.get().pk)
    do_update_bot_ratings()

    full, thinned = rating_history(randy, points=30), rating_history(randy, points=7)
    assert len(full) == 30 and len(thinned) == 7
    assert thinned[0] == full[0] and thinned[-1] == full[-1] and thinned[3] in full


def test_a_batch_page_counts_the_games_played(client, player, builtin_bot):
    batch = do_schedule_batch(
        player, Batch.Kind.SERIES, [[builtin_bot("A"), builtin_bot("B")]], games_per_lineup=5
    )
    page = client.get(f"/bots/batches/{batch.pk}/").content.decode()
    assert "0 of 5 games" in page
    assert '<a href="/bots/">← Bots</a>' in page  # a way back

    do_play_chunk(batch.chunks.get().pk)

    fragment = client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()
    assert "5 of 5 games" in fragment
    assert 'data-finished="false"' in fragment or 'data-finished="true"' in fragment


def test_a_ladder_is_run_by_a_periodic_task_its_author_can_pause(
    client_for, player, outsider, builtin_bot
):
    bots = [builtin_bot(name) for name in ["A", "B", "C"]]
    client = client_for(player)
    response = client.post(
        "/bots/ladders/new/",
        {
            "name": "Night ladder",
            "bots": [b.pk for b in bots],
            "table_size": 3,
            "games_per_pairing": 2,
            "every_minutes": 30,
            "enabled": "on",
        },
    )
    ladder = Ladder.objects.get(name="Night ladder")
    assert response.status_code == 302 and ladder.table_size == 3
    task = PeriodicTask.objects.get(pk=ladder.periodic_task_id)
    assert task.task == "bots.tasks.run_ladder_round" and task.interval.every == 30
    assert task.enabled

    edit = {
        "name": "Night ladder",
        "bots": [b.pk for b in bots],
        "table_size": 3,
        "games_per_pairing": 2,
        "every_minutes": 30,
    }
    assert client_for(outsider).post(f"/bots/ladders/{ladder.pk}/edit/", edit).status_code == 403
    assert PeriodicTask.objects.get(pk=task.pk).enabled

    client_for(player).post(f"/bots/ladders/{ladder.pk}/edit/", edit)
    assert not PeriodicTask.objects.get(pk=task.pk).enabled
