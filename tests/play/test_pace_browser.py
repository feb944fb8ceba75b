"""On a phone (390x844): an organiser goes from the home page to the event's pace of
play by links, is told a time too short beside the field, then sets the event to
three days a move by correspondence."""

import pytest

from play.models import EventPlay
from tests.fixtures.browser import PHONE, log_in, screenshot
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_sets_the_pace_of_play_from_the_home_page(phone_page, organiser, event):
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    page.goto("/")
    page.get_by_role("link", name=event.name).first.click()
    page.wait_for_url(f"**/events/{event.slug}/")
    page.get_by_role("link", name="Pace of play").click()
    page.wait_for_url(f"**/play/events/{event.slug}/pace/")
    assert "Live: 60 seconds a move." in page.inner_text(".current-pace")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "play-pace-of-play")

    page.get_by_label("By correspondence").check()
    page.fill("input[name=move_seconds]", "5")
    page.select_option("select[name=unit]", label="seconds")
    page.get_by_role("button", name="Save").click()
    page.locator("text=from 10 seconds to 14 days").wait_for()
    assert not EventPlay.objects.exists()
    screenshot(page, "play-pace-of-play-refused")

    page.fill("input[name=move_seconds]", "3")
    page.select_option("select[name=unit]", label="days")
    page.get_by_label("after a number of timeouts they forfeit").check()
    page.fill("input[name=forfeit_after]", "2")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**/events/{event.slug}/")
    page.locator("text=By correspondence: 3 days a move.").wait_for()
    screenshot(page, "play-pace-of-play-saved")
    settings = EventPlay.objects.get(event=event)
    assert (settings.pace, settings.move_seconds, settings.forfeit_after) == (
        "correspondence",
        3 * 24 * 3600,
        2,
    )
