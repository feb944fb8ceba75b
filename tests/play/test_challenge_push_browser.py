"""The challenge page in Chromium, served by uvicorn as ``bin/run`` serves it: Pat's
page, waiting for Quinn's answer, follows the challenge's push stream and leads to the
game once Quinn accepts, without a single request before it (no polling); when the
stream is refused it still follows the challenge by its slow poll."""

import re
import time

import pytest

from play.models import Game
from tests.fixtures.browser import screenshot, wait_until
from tests.play.test_push_browser import IDLE_SECONDS, page_of, server  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def challenge(client_for, player, other_player):
    seats = [{"username": player.username}, {"username": other_player.username}]
    sent = client_for(player).post(
        "/api/play/challenges/", {"seats": seats}, content_type="application/json"
    )
    assert sent.status_code == 201, sent.content
    return sent.json()["id"]


def accept(client_for, who, challenge):
    accepted = client_for(who).post(f"/api/play/challenges/{challenge}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "started"


def test_the_others_accept_arrives_with_no_request_before_it(
    page_of,  # noqa: F811
    challenge,
    client_for,
    player,
    other_player,
):
    page, sent = page_of(player)
    page.goto(f"/play/challenges/{challenge}/")
    assert "has not answered yet" in page.locator(".seats").inner_text()
    wait_until(page, "!!window.Leaguewright && !!document.querySelector('[data-push-url]')")
    page.wait_for_timeout(1000)  # the stream is open
    sent.clear()
    page.wait_for_timeout(IDLE_SECONDS * 1000)
    assert sent == [], f"the idle page sent {sent}"
    began = time.monotonic()
    accept(client_for, other_player, challenge)
    page.wait_for_url(re.compile(r"/play/\d+/$"), timeout=10_000)
    took = time.monotonic() - began
    assert took < 5, f"the accept took {took:.1f} s to show"
    game = Game.objects.get()
    assert page.url.endswith(f"/play/{game.pk}/")
    assert sent[0] == f"/play/challenges/{challenge}/", sent  # the page loaded again
    assert not [path for path in sent if path.startswith("/api/play/challenges/")], sent
    screenshot(page, "push-challenge-accepted")


def test_a_refused_stream_falls_back_to_a_slow_poll(
    page_of,  # noqa: F811
    challenge,
    client_for,
    player,
    other_player,
):
    page, sent = page_of(player)
    page.route("**/push/**", lambda route: route.fulfill(status=503, body="no push here"))
    page.goto(f"/play/challenges/{challenge}/")
    wait_until(page, "!!window.Leaguewright && !!document.querySelector('[data-push-url]')")
    accept(client_for, other_player, challenge)
    page.wait_for_url(re.compile(r"/play/\d+/$"), timeout=25_000)
    assert f"/api/play/challenges/{challenge}/" in sent, sent
