"""On a phone (390x844), on your own turn: the countdown ticks in the browser from the
server's deadline, and when the server times you out the board comes back by itself
with the bot's moves and says that the bot played your turn for you."""

import re
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from play.clock import do_time_out
from play.models import Game
from play.starting import Clock, Taker, do_start_game
from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def seconds_shown(page) -> int:
    text = page.locator("#board .countdown").inner_text()
    return int(re.match(r"(\d+) s left", text).group(1))


def test_the_countdown_ticks_on_your_turn_and_a_timeout_comes_to_the_page(
    phone_page, player, other_player
):
    game = do_start_game(
        player,
        [Taker(str(player), user=player), Taker(str(other_player), user=other_player)],
        {"rounds": 1},
        Clock(move_seconds=10),
    )
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/play/{game.pk}/")
    assert page.title().startswith("Your turn")
    first = seconds_shown(page)
    assert 0 < first <= 10
    time.sleep(2.2)
    later = seconds_shown(page)
    assert later < first, "the countdown ticks on your own turn"
    screenshot(page, "play-countdown-ticking")

    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_time_out(game.pk, 0) == "timeout"
    wait_until(page, "() => +document.querySelector('#board').dataset.moves > 0")
    page.locator(".stood-in").wait_for()
    assert "Time ran out: the bot played your turn for you." in page.inner_text(".stood-in")
    assert page.title().startswith(f"{other_player} to play")
    assert f"(played by the bot for {player})" in page.inner_text(".log")
    assert page.locator(".move-group button").count() == 0
    screenshot(page, "play-timed-out-the-bot-played")
