"""A person's page, reached by a tap on their name on a challenge: on a phone
(390x844) and a laptop (1280x800) it reads without sideways scrolling, passes
axe-core, and offers to challenge them."""

import re

import pytest

from play.starting import Taker, do_start_game
from tests.fixtures.browser import LAPTOP, PHONE, log_in, screenshot
from tests.fixtures.personas import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("page_fixture, viewport", [("phone_page", PHONE), ("laptop_page", LAPTOP)])
def test_ben_s_page_from_ann_s_challenge(
    django_user_model, greedy_bot, request, page_fixture, viewport
):
    ann = make_user(django_user_model, "ann")
    ben = make_user(django_user_model, "ben")
    do_start_game(
        ben, [Taker(str(ben), user=ben), Taker(greedy_bot.name, bot=greedy_bot)], {"rounds": 1}
    )
    page = request.getfixturevalue(page_fixture)

    log_in(page, ann.username, PASSWORD)
    page.get_by_role("navigation").get_by_role("link", name="Play", exact=True).click()
    page.get_by_role("link", name="Challenge a person").click()
    page.get_by_label("Who you challenge").fill("ben")
    page.get_by_role("button", name="Send the challenge").click()
    page.wait_for_url(re.compile(r"/play/challenges/\d+/$"))
    page.locator(".seats").get_by_role("link", name=str(ben)).click()
    page.wait_for_url("**/play/people/ben/")

    assert page.get_by_role("heading", name=str(ben), level=1).is_visible()
    assert page.get_by_role("heading", name="Call to Glory", level=2).is_visible()
    assert f"{ben} – {greedy_bot.name}" in page.locator(".game-played .cards").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"person-page-{viewport['width']}")
    page.get_by_role("link", name=f"Challenge {ben}").click()
    assert page.get_by_label("Who you challenge").input_value() == "ben"
