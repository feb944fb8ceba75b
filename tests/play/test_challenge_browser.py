"""On two phones (390x844): Ann challenges Ben from the site's pages (Play, "Challenge
a person"), Ben finds the challenge on his to-do list and accepts it, Ann's challenge
page leads her to the game by itself, and they play three turns each, each phone
following the other's moves without reloading."""

import re

import pytest

from play.models import Game
from play.moving import do_leave
from tests.fixtures.browser import PHONE, log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

# The board's own flag: htmx sets the title when the swap settles, a moment after the
# board (and its data-moves) changed, so a title read right after a move can be stale.
MY_TURN = "() => document.querySelector('#board').dataset.yourTurn === 'true'"


def play_my_turn(page) -> int:
    """Tap moves (a set to lay when there is one) until the turn passes; the taps."""
    taps = 0
    while page.locator("#board").get_attribute("data-your-turn") == "true":
        before = int(page.locator("#board").get_attribute("data-moves"))
        buttons = page.locator(".move-group.lay button")
        if not buttons.count():
            buttons = page.locator(".move-group button")
        buttons.first.click()
        taps += 1
        wait_until(page, "n => +document.querySelector('#board').dataset.moves > n", arg=before)
    return taps


def test_ann_challenges_ben_who_accepts_from_his_to_do_and_they_play(
    django_user_model, phone_page, second_phone
):
    ann = make_user(django_user_model, "ann")
    ben = make_user(django_user_model, "ben")
    ann_page, ben_page = phone_page, second_phone

    log_in(ann_page, ann.username, PASSWORD)
    ann_page.get_by_role("navigation").get_by_role("link", name="Play", exact=True).click()
    ann_page.get_by_role("link", name="Challenge a person").click()
    ann_page.get_by_label("Who you challenge").fill("ben")
    ann_page.get_by_label("Quick Game (one round)").check()
    ann_page.get_by_role("button", name="Send the challenge").click()
    ann_page.wait_for_url(re.compile(r"/play/challenges/\d+/$"))
    assert "has not answered yet" in ann_page.locator(".seats").inner_text()
    assert ann_page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(ann_page, "challenge-sent")

    log_in(ben_page, ben.username, PASSWORD)
    todo = ben_page.locator(".todo")
    invited = "Ann challenges you to a game of Call to Glory (Quick Game, live, 60 seconds a move)"
    assert invited in todo.inner_text()
    todo.get_by_role("link").first.click()
    ben_page.get_by_role("button", name="Accept").click()
    ben_page.wait_for_url(re.compile(r"/play/\d+/$"))
    game = Game.objects.get()
    assert [seat.user for seat in game.seats.all()] == [ann, ben]
    screenshot(ben_page, "challenge-accepted")

    # Ann's challenge page follows the challenge (its push stream) and leads her there.
    ann_page.wait_for_url(f"**/play/{game.pk}/")

    taps = {ann.username: 0, ben.username: 0}
    for _turn in range(3):
        for person, page in ((ann, ann_page), (ben, ben_page)):
            wait_until(page, MY_TURN)
            taps[person.username] += play_my_turn(page)
    wait_until(ann_page, MY_TURN)
    screenshot(ann_page, "challenge-three-turns-each")

    game.refresh_from_db()
    moves = [move for round_ in game.record["rounds"] for move in round_["moves"]]
    assert sum(m.startswith("0 ") for m in moves) == taps[ann.username] >= 3
    assert sum(m.startswith("1 ") for m in moves) == taps[ben.username] >= 3
    assert game.stood_in == [] and game.is_playing

    # They stop there: both leave, so that neither page is left waiting on the game.
    for person in (ann, ben):
        do_leave(person, game.pk)
    for page in (ann_page, ben_page):
        wait_until(page, "() => document.querySelector('#board').dataset.status === 'abandoned'")
