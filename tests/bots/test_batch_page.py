"""A batch's page says what is happening (waiting for a worker only while none has
begun), lists the games as they finish and, once done, sums them up per bot and seat."""

import re

import pytest

from bots.batches import batch_summary, do_close_batch_if_finished, mark_started
from bots.chunks import do_play_chunk
from bots.models import Batch, MatchSeat
from bots.scheduling import do_schedule_batch
from tests.page_html import as_drawn

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(player, builtin_bot):
    def schedule(games):
        bots = [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
        return do_schedule_batch(player, Batch.Kind.SERIES, bots, games_per_lineup=games, seed=3)

    return schedule


def test_waiting_for_a_worker_only_until_one_begins_then_playing(client, series):
    batch = series(30)
    page = client.get(f"/bots/batches/{batch.pk}/").content.decode()
    assert "waiting for a worker" in page and "No game has finished yet." in page
    assert f'data-push="/push/bots/batches/{batch.pk}/' in page  # its live part follows it

    mark_started(batch.pk)
    fragment = client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()
    assert "waiting for a worker" not in fragment
    assert "playing the first games" in fragment


def test_a_finished_batch_lists_its_games_and_sums_them_up_per_bot_and_seat(client, series):
    batch = series(30)
    do_play_chunk(batch.chunks.get().pk)
    fragment = client.get(f"/bots/batches/{batch.pk}/progress/").content.decode()
    assert "30 of 30 games" in fragment and "every game played: summing up" in fragment
    assert do_close_batch_if_finished(batch.pk)

    page = client.get(f"/bots/batches/{batch.pk}/").content.decode()
    assert "data-push=" not in page  # a done batch follows nothing
    games = re.findall(r">Game (\d+)</a>", page)
    assert games == [str(n) for n in range(30, 10, -1)]  # the latest twenty, newest first
    assert "The latest 20 of 30 finished games, newest first." in page

    summary = as_drawn(page[page.index('id="batch-summary"') :])
    for name in ("Randy", "Greta"):
        seats = MatchSeat.objects.filter(match__batch=batch, bot__name=name)
        wins = seats.filter(place=1).count()
        assert re.search(
            rf"<td>{name}</td><td class=\"num\">30</td><td class=\"num\">{wins} ", summary
        )
    assert "Seat 1" in summary and "Seat 2" in summary and "Seat 0" not in summary
    assert summary.count(" – ") == 4  # an interval per bot and per seat


def test_the_summary_figures_come_from_the_stored_seats(series):
    batch = series(12)
    assert batch_summary(batch) is None
    do_play_chunk(batch.chunks.get().pk)
    summary = batch_summary(batch)
    assert [line.games for line in summary.by_seat] == [12, 12]
    assert sum(line.games for line in summary.by_bot) == 24
    greta = next(line for line in summary.by_bot if line.key == "Greta")
    scores = list(
        MatchSeat.objects.filter(match__batch=batch, bot__name="Greta").values_list(
            "score", flat=True
        )
    )
    assert greta.score.mean == pytest.approx(sum(scores) / 12)
    assert greta.score.low < greta.score.mean < greta.score.high


@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_finished_batch_page_speaks_the_readers_language(series, language):
    from django.test import Client

    from tests.i18n.leftovers import english_left, typed_by_people

    batch = series(12)
    do_play_chunk(batch.chunks.get().pk)
    do_close_batch_if_finished(batch.pk)
    reader = Client(headers={"accept-language": language})
    page = reader.get(f"/bots/batches/{batch.pk}/").content.decode()
    assert 'id="batch-summary"' in page
    assert not english_left(page, language, typed_by_people())
