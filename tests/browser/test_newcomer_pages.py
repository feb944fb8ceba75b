"""Pages a newcomer walks, at 390x844 and 1280x800: the header is two lines at most on
a phone in every language; a checkbox sits beside its label; the bots pages reach the
ladders and hide a remote bot's fields for a built-in one; the event page links its
league, whose leaderboard links each person; a visitor sees no print links for slips."""

import pytest

from bots.ladders import do_save_ladder
from bots.models import Bot, Ladder
from standings.computing import do_store_standings
from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.tournaments.helpers import make_event, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("browser_language", ["en", "de", "ru"])
def test_the_phone_header_is_two_lines_at_most(phone_page, browser_language):
    phone_page.goto("/")
    height = phone_page.locator(".site-header").bounding_box()["height"]
    assert height <= 100, height
    assert phone_page.locator(".site-header .account a").first.is_visible()  # Log in
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone_page, f"header-phone-{browser_language}")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_bot_author_reaches_the_ladders_and_fills_a_bots_own_fields(size, request, player, staff):
    page = request.getfixturevalue(f"{size}_page")
    easy = Bot.objects.create(
        name="Easy bot", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="easy", public=True
    )
    medium = Bot.objects.create(
        name="Medium bot", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="medium", public=True
    )
    do_save_ladder(staff, Ladder(name="Demo ladder", every_minutes=30), [easy, medium])
    log_in(page, player.username, PASSWORD)
    page.goto("/")
    page.locator(".site-header").get_by_role("link", name="Bots").click()
    page.get_by_role("link", name="Demo ladder").click()
    page.wait_for_selector("h1:text-is('Demo ladder')")
    page.get_by_role("link", name="Easy bot").click()
    page.get_by_role("link", name="Demo ladder").wait_for()
    screenshot(page, f"bot-page-{size}")
    page.goto("/bots/new/")
    kind = page.locator("select[name=kind]")
    kind.select_option("builtin")
    assert page.locator("select[name=builtin_key]").is_visible()
    assert not page.locator("input[name=endpoint_url]").is_visible()
    kind.select_option("remote")
    assert page.locator("input[name=endpoint_url]").is_visible()
    assert not page.locator("select[name=builtin_key]").is_visible()
    box = page.locator("input[name=public]").bounding_box()
    label = page.locator("label[for=id_public]").bounding_box()
    assert box["height"] >= 20 and abs(box["x"] + box["width"] + 10 - label["x"]) < 6
    assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 4
    screenshot(page, f"bot-form-{size}")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_visitor_goes_from_an_event_to_its_league_and_a_person(size, request, league, organiser):
    page = request.getfixturevalue(f"{size}_page")
    event = make_event(league, organiser, players=4)
    play(event, 1)
    do_store_standings(event)
    page.goto(f"/events/{event.slug}/rounds/1/")
    assert page.get_by_role("link", name="Print pairings").is_visible()
    assert page.get_by_role("link", name="Print score slips").count() == 0
    assert page.get_by_role("link", name="Print table tents").count() == 0
    page.goto(f"/events/{event.slug}/")
    page.get_by_role("link", name=league.name).click()
    page.wait_for_selector("#leaderboard")
    screenshot(page, f"league-leaderboard-{size}")
    first = page.locator("table.leaderboard tbody a").first
    name = first.inner_text()
    first.click()
    page.wait_for_selector(f"h1:has-text('{name}')")
