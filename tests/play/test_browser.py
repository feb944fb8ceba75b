"""On a phone (390x844): a person starts a Quick Game against the greedy bot in two taps
from the home page (Play, then the bot), plays it to the end by tapping, sees the bot's
replies without reloading (the greedy bot answers in the tap's own request, so they
come with the board the tap brings) and the turn announced in the page title, then
opens the replay."""

import re

import pytest

from bots.models import Bot
from games.call_to_glory import validate_record
from play.models import Game
from tests.fixtures.browser import PHONE, log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]

# The board's own flags, not the title: htmx sets the title when the swap settles, a
# moment after the board changed, so a title read right after a move can be stale.
MY_TURN_OR_OVER = (
    "() => { const board = document.querySelector('#board');"
    " return board.dataset.yourTurn === 'true' || board.dataset.status !== 'playing'; }"
)


@pytest.mark.embedded
def test_a_quick_game_against_a_bot_is_played_by_tapping(
    celery_worker, phone_page, player, greedy_bot
):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name="Play", exact=True).click()
    page.wait_for_url("**/play/")
    page.get_by_role("button", name=f"Play {greedy_bot.name}").click()  # the second tap
    page.wait_for_url(re.compile(r"/play/\d+/$"))
    game_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert page.title().startswith("Your turn")
    assert len(page.locator(".hand .card-face").all()) == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "play-quick-game-start")

    taps = 0
    bot_replies_seen = 0
    while True:
        wait_until(page, MY_TURN_OR_OVER, timeout_ms=30_000)
        if page.locator("#board").get_attribute("data-status") != "playing":
            break
        before = int(page.locator("#board").get_attribute("data-moves"))
        buttons = page.locator(".move-group.lay button")
        if not buttons.count():
            buttons = page.locator(".move-group button")
        buttons.first.click()
        taps += 1
        wait_until(page, "n => +document.querySelector('#board').dataset.moves > n", arg=before)
        if int(page.locator("#board").get_attribute("data-moves")) > before + 1:
            bot_replies_seen += 1
            if bot_replies_seen == 2:
                screenshot(page, "play-quick-game-after-the-bots-reply")
        if taps == 6:
            screenshot(page, "play-quick-game-midway")
        assert taps < 400

    screenshot(page, "play-quick-game-over")
    game = Game.objects.get(pk=game_id)
    assert game.is_finished and validate_record(game.record)["valid"] is True
    assert taps == sum(m.startswith("0 ") for m in game.record["rounds"][0]["moves"])
    assert bot_replies_seen > 0, "the bot's replies came to the page with the taps"
    assert (
        page.locator(".players .total")
        .first.inner_text()
        .endswith(("points", "place 1", "place 2"))
    )
    assert "Round" in page.locator("#board table").inner_text()
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url(re.compile(r"/bots/records/"))
    screenshot(page, "play-quick-game-replay")


def test_a_table_of_four_fits_a_phone(phone_page, player, staff, greedy_bot):
    for name in ("Ada", "Bea"):
        Bot.objects.create(
            name=name, owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="random", public=True
        )
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto("/play/")
    page.get_by_label("3 bots").check()
    page.get_by_role("button", name=f"Play {greedy_bot.name}").click()
    page.wait_for_url(re.compile(r"/play/\d+/$"))
    assert page.title().startswith("Your turn")
    assert page.locator(".players > *").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "play-table-of-four")
