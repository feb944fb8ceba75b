"""On a phone, clicking only: an organiser makes a series from the league's page, adds
an event and reads the leaderboard with its qualification line; a player declares their
character on the declarations page linked from the event page; the recurring nights'
page on a laptop. Screenshots in test-artifacts/screenshots/."""

from datetime import timedelta

import pytest
from django.utils import timezone

from declarations.declaring import do_ask
from series.computing import do_store_series
from series.models import Series
from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.series.helpers import event_with_places

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_runs_a_series_on_a_phone(
    phone_page, league, organiser, player, other_player, outsider
):
    page = phone_page
    event = event_with_places(
        league, organiser, "night-1", [(player, 1), (other_player, 2), (outsider, 3)]
    )
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/leagues/{league.slug}/")
    page.click("text=New series")
    page.fill("input[name=name]", "Winter Circuit")
    page.fill("input[name=points_by_place]", "10, 6, 3")
    page.fill("input[name=qualifying_places]", "2")
    page.click("button[type=submit]")
    page.wait_for_url("**/series/winter-circuit/")
    page.select_option("select[name=add-event]", event.slug)
    page.click("form[action$='/events/'] button[type=submit]")
    page.wait_for_selector(".cards a:has-text('Night 1')")
    do_store_series(Series.objects.get().pk)  # what the worker does (its own test)
    page.reload()
    rows = page.locator("table.series-board tbody tr")
    assert rows.nth(0).inner_text().startswith("1")
    assert "Qualification line" in rows.nth(2).inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "series-leaderboard-phone")


def test_a_player_declares_from_the_event_page(phone_page, league, organiser, player, table):
    event = table.round.event
    deadline = timezone.now() + timedelta(days=1)
    do_ask(
        event,
        organiser,
        None,
        label="Character",
        kind="choice",
        choices=["Knight", "Witch"],
        deadline=deadline,
        public=True,
    )
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/events/{event.slug}/")
    page.click("text=Character: declarations")
    page.select_option("select[name=own-text]", "Witch")
    page.click(".own-declaration button[type=submit]")
    page.wait_for_selector("text=Declaration saved.")
    assert "Witch" in page.locator("ul.declarations").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "declarations-phone")


def test_the_recurring_nights_page_on_a_laptop(laptop_page, league, organiser, event):
    page = laptop_page
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/leagues/{league.slug}/")
    page.click("text=Recurring nights")
    page.fill("input[name=name]", "Tuesday night")
    page.select_option("select[name=model_event]", event.slug)
    page.fill("input[name=first_night]", "2099-01-06T19:00")
    page.click("button:has-text('Schedule')")
    page.wait_for_selector("text=Give the schedule an end")
    screenshot(page, "recurring-refused-laptop")
    page.fill("input[name=count]", "10")
    page.click("button:has-text('Schedule')")
    page.wait_for_selector("text=Scheduled:")
    assert "Tuesday night" in page.locator(".cards").inner_text()
    screenshot(page, "recurring-laptop")


@pytest.mark.parametrize(
    ("browser_language", "line", "results"),
    [("de", "Qualifikationslinie", "Ergebnisse"), ("ru", "Черта квалификации", "Результаты")],
)
def test_the_leaderboard_speaks_german_and_russian(
    phone_page, league, organiser, player, other_player, browser_language, line, results
):
    event = event_with_places(league, organiser, "night-1", [(player, 1), (other_player, 2)])
    series = Series.objects.create(
        league=league,
        name="Winter Circuit",
        slug="winter-circuit",
        points_by_place=[10, 6],
        best_of=3,
        minimum_events=1,
        qualifying_places=1,
        created_by=organiser,
    )
    series.memberships.create(event=event)
    do_store_series(series.pk)
    page = phone_page
    page.goto("/series/winter-circuit/")
    assert line in page.locator("table.series-board").inner_text()
    page.locator("summary", has_text=results).first.click()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, f"series-leaderboard-{browser_language}")
