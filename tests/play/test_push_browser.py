"""The game page in Chromium, served by uvicorn as ``bin/run`` serves it: it follows
the game's push stream and swaps in the other seat's move without a single request
before it (no polling), and, when the stream is refused, still follows the game by its
slow poll."""

import time
from types import SimpleNamespace

import pytest

from tests.fixtures.asgi import session_cookies, uvicorn_serving
from tests.fixtures.browser import PHONE, screenshot, wait_until, watched_page
from tests.play.test_long_poll import move

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

IDLE_SECONDS = 12  # longer than the slow poll's 10 s


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker):
    # DEBUG as bin/run runs it: the static files from the apps' folders.
    with django_db_blocker.unblock(), uvicorn_serving(DEBUG="true") as url:
        yield url


@pytest.fixture
def page_of(browser, server, browser_language):
    """A phone's page logged in as ``user`` (their session's cookie), and the requests
    it sends, by path."""
    pages = []

    def open_as(user):
        watched = watched_page(browser, SimpleNamespace(url=server), browser_language, PHONE)
        page = next(watched)
        pages.append(watched)
        cookies = session_cookies(user)
        page.context.add_cookies(
            [{"name": k, "value": v, "url": server} for k, v in cookies.items()]
        )
        sent = []
        page.on("request", lambda request: sent.append(request.url.removeprefix(server)))
        return page, sent

    yield open_as
    for watched in pages:
        next(watched, None)


@pytest.fixture
def game(start, player, other_player):
    return start(player, [{"username": player.username}, {"username": other_player.username}])


def moves_shown(page) -> int:
    return int(page.evaluate("+document.querySelector('#board').dataset.moves"))


def test_the_other_seats_move_arrives_with_no_request_before_it(
    page_of, game, player, other_player
):
    page, sent = page_of(other_player)
    page.goto(f"/play/{game}/")
    wait_until(page, "!!window.Leaguewright && !!document.querySelector('#board')")
    page.wait_for_timeout(1000)  # the stream is open
    sent.clear()
    page.wait_for_timeout(IDLE_SECONDS * 1000)
    assert sent == [], f"the idle page sent {sent}"
    began = time.monotonic()
    move(player, game, "0 draw D1", at=0)
    wait_until(page, "+document.querySelector('#board').dataset.moves === 1", timeout_ms=10_000)
    took = time.monotonic() - began
    assert took < 5, f"the move took {took:.1f} s to show"
    assert sent == [f"/play/{game}/board/"], sent
    assert page.locator("#board .log li").count() == 1  # the move, told in the log
    screenshot(page, "push-game-page-moved")


def test_a_refused_stream_falls_back_to_a_slow_poll(page_of, game, player, other_player):
    page, sent = page_of(other_player)
    page.route("**/push/**", lambda route: route.fulfill(status=503, body="no push here"))
    page.goto(f"/play/{game}/")
    wait_until(page, "!!window.Leaguewright && !!document.querySelector('#board')")
    move(player, game, "0 draw D1", at=0)
    wait_until(page, "+document.querySelector('#board').dataset.moves === 1", timeout_ms=25_000)
    assert f"/play/{game}/board/" in sent
    polls = [path for path in sent if path == f"/api/play/{game}/"]
    assert polls, f"the page never polled: {sent}"
    assert moves_shown(page) == 1
