"""On a phone: an organiser creates an event, adds entrants, pairs round 1 and prints."""

import pytest

from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tournaments.models import Event, Season


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_organiser_runs_round_one_from_a_phone(phone_page, organiser, league):
    Season.objects.create(league=league, name="Autumn")
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/leagues/{league.slug}/events/new/")
    page.select_option("select[name=season]", index=1)
    page.fill("input[name=name]", "Phone Open")
    page.fill("input[name=slug]", "phone-open")
    page.fill("input[name=table_size]", "4")
    page.click("button[type=submit]")
    page.wait_for_url("**/events/phone-open/entrants/")
    for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]:
        page.fill("input[name=walk_in]", name)
        page.click("button[type=submit]")
        page.wait_for_selector(f"text={name}")
    page.goto("/events/phone-open/")
    page.click("text=Pair round 1")
    page.wait_for_url("**/events/phone-open/rounds/1/")
    assert page.locator(".tables > li").count() == 2
    page.click("text=Print pairings")
    page.wait_for_url("**/rounds/1/print/")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert page.locator(".by-name tbody tr").count() == 7
    screenshot(page, "tournaments-round-1-pairings-print")
    assert Event.objects.get(slug="phone-open").rounds.count() == 1
