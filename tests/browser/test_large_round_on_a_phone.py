"""A large round on a phone, walked from the home page: a visitor finds a player's
table by name and goes to the last page of tables; the page fits a phone."""

import pytest
from playwright.sync_api import expect

from tests.fixtures.browser import screenshot
from tests.tournaments.helpers import make_event, published
from tournaments.models import Seat
from tournaments.pairing import do_pair_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_visitor_finds_a_players_table_in_a_round_of_101_tables(request, size, league, organiser):
    event = make_event(league, organiser, players=202, table_size=2, review_pairings=False)
    round_ = published(do_pair_round(event))
    sought = Seat.objects.get(table__round=round_, table__number=57, position=1).entrant.name
    page = request.getfixturevalue(f"{size}_page")
    page.goto("/")
    page.get_by_role("link", name=event.name).first.click()
    page.get_by_role("link", name="Round 1", exact=True).click()
    page.wait_for_url(f"**/events/{event.slug}/rounds/1/")
    # Waits for the page to be read to its end: a count taken at once may see part of it.
    expect(page.locator("li.card")).to_have_count(100)
    assert page.get_by_text("Tables 1 to 100 of 101").is_visible()
    page.get_by_label("Find a player's table").fill(sought.lower())
    page.get_by_role("button", name="Find", exact=True).click()
    page.wait_for_url("**/rounds/1/?*")
    expect(page.locator("li.card")).to_have_count(1)
    assert sought in page.locator("#table-57").inner_text()
    screenshot(page, f"round-search-{size}")
    page.get_by_role("link", name="101–101").click()
    page.wait_for_selector("#table-101")
    expect(page.locator("li.card")).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, f"round-last-page-{size}")
