"""On a phone: a batch's progress bar and its list of games fill by themselves while the
worker plays and the finished batch sums itself up; a replay steps with the arrow keys
and the buttons, from everyone's or one seat's view. On a laptop: a finished batch."""

import re

import pytest

from bots.models import Bot
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD
from tests.fixtures.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def wait_for_step(page, step: int) -> None:
    wait_until(
        page,
        "step => document.querySelector('#replay .step-counter').innerText.startsWith(step + ' /')",
        arg=step,
    )


@pytest.mark.embedded
def test_a_batch_fills_its_progress_bar_and_a_game_replays_step_by_step(
    celery_worker, phone_page, player, builtin_bot
):
    page = phone_page
    randy, greta = builtin_bot("Randy"), builtin_bot("Greta")
    log_in(page, player.username, PASSWORD)

    page.goto("/bots/batches/new/")
    page.select_option("select[name=kind]", "series")
    page.check(f"input[name=bots][value='{randy.pk}']")
    page.check(f"input[name=bots][value='{greta.pk}']")
    page.fill("input[name=games]", "1200")
    page.click("form.stack button")
    page.wait_for_url(re.compile(r"/bots/batches/\d+/$"))

    bar = page.locator("#batch-progress progress")
    assert bar.get_attribute("max") == "1200"
    assert int(bar.get_attribute("value")) < 1200, "the page came before the games"
    screenshot(page, "bots-batch-progress-filling")
    page.wait_for_selector("#batch-progress[data-finished=true]", timeout=120_000)
    assert page.locator("#batch-progress progress").get_attribute("value") == "1200"
    assert "1200 of 1200 games" in page.locator("#batch-progress").inner_text()
    assert page.locator(".batch-games > li a").count() == 20  # the list followed the games
    summary = page.locator("#batch-summary")
    assert summary.locator("table.by-bot tbody tr").count() == 2
    assert summary.locator("table.by-seat tbody tr").first.inner_text().startswith("Seat 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "bots-batch-progress-done")
    wait_for(lambda: Bot.objects.filter(pk=randy.pk, games_rated=1200).exists(), what="ratings")

    page.locator("a[href^='/bots/matches/']").first.click()
    page.wait_for_url(re.compile(r"/bots/matches/\d+/$"))
    page.wait_for_load_state()
    counter = page.locator("#replay .step-counter")
    assert counter.inner_text().startswith("0 /")

    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        wait_for_step(page, step)
    assert "step=3" in page.url
    third_move = page.locator("#replay .moves li").nth(2)
    assert "current" in third_move.get_attribute("class")

    page.locator("#replay [data-step-link=prev]").click()
    wait_for_step(page, 2)

    page.locator("#replay .seat-choice a", has_text="Greta").click()
    wait_until(page, "location.search.includes('seat=1')")
    assert page.locator("#replay .seat .cardv.hidden").count() > 0
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the replay must not scroll sideways on a phone"
    screenshot(page, "bots-replay-seat-view")


def test_a_finished_batch_on_a_laptop_shows_its_summary_beside_nothing_cut(
    laptop_page, player, builtin_bot
):
    from bots.batches import do_close_batch_if_finished
    from bots.chunks import do_play_chunk
    from bots.models import Batch
    from bots.scheduling import do_schedule_batch

    lineup = [[builtin_bot("Randy"), builtin_bot("Greta", key="greedy")]]
    batch = do_schedule_batch(player, Batch.Kind.SERIES, lineup, games_per_lineup=40, seed=2)
    do_play_chunk(batch.chunks.get().pk)
    do_close_batch_if_finished(batch.pk)
    page = laptop_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/bots/batches/{batch.pk}/")
    assert page.locator("#batch-progress").get_attribute("data-finished") == "true"
    rows = page.locator("#batch-summary table.by-bot tbody tr")
    assert rows.count() == 2 and "Greta" in rows.first.inner_text()  # greedy wins most
    assert page.locator(".batch-games > li").count() == 20
    screenshot(page, "bots-batch-summary-laptop")
