"""Watching the standings, clicking only: on a phone the table fits without scrolling
sideways (tie-breaks behind each row's "Why?"), the rank plot names its lines without
overlap and shows everyone on request, and an entrant's page lists their games."""

import pytest

from standings.computing import do_store_standings
from tests.fixtures.browser import ARTIFACTS, screenshot
from tests.tournaments.helpers import make_event, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def overlapping_labels(page) -> int:
    """How many pairs of the plot's line names overlap on the screen."""
    return page.evaluate(
        """() => {
        const boxes = [...document.querySelectorAll('#rank-by-round text[text-anchor=start]')]
            .map(t => t.getBoundingClientRect());
        let n = 0;
        boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => {
            if (a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) n++;
        }));
        return n;
    }"""
    )


def watch_the_standings(page, league, organiser, size: str) -> None:
    event = make_event(league, organiser, players=14, tiebreak_order=["wins", "score_total"])
    play(event, 3)
    do_store_standings(event)
    page.goto("/")
    page.click(f"text={event.name}")
    page.wait_for_selector("table.standings")
    assert page.locator("table.standings tbody tr").count() == 14
    first = page.locator("table.standings tbody tr").first
    if size == "phone":
        first.locator("summary").click()
        assert first.locator("dt").first.inner_text().startswith("wins")
    else:
        assert page.locator("table.standings th.figure").first.inner_text() == "Wins"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert page.locator("#rank-by-round polyline").count() == 10
    assert overlapping_labels(page) == 0
    screenshot(page, f"standings-{size}")

    page.click("text=all 14 entrants")
    page.wait_for_url("**?plot=all#rank-by-round")
    assert page.locator("#rank-by-round polyline").count() == 14
    assert page.locator("#rank-by-round text[text-anchor=start]").count() == 14
    assert overlapping_labels(page) == 0
    page.locator("#rank-by-round").screenshot(path=str(ARTIFACTS / f"rank-plot-{size}.png"))

    leader = page.locator("table.standings tbody tr a").first
    name = leader.inner_text()
    leader.click()
    page.wait_for_selector("h1")
    assert page.locator("h1").inner_text() == name
    games = page.locator(".entrant-games > li")
    assert games.count() == 3
    assert "Round 1" in games.first.inner_text() and "place" in games.first.inner_text()
    screenshot(page, f"entrant-games-{size}")
    opponent = games.first.locator("span a").first
    other = opponent.inner_text()
    opponent.click()
    page.wait_for_selector(f"h1:text-is('{other}')")
    page.locator(".entrant-games > li a").first.click()
    page.wait_for_selector("#table-1, .tables")
    assert "/rounds/1/" in page.url


def test_standings_plots_and_an_entrants_games_on_a_phone(phone_page, league, organiser):
    watch_the_standings(phone_page, league, organiser, "phone")


def test_standings_plots_and_an_entrants_games_on_a_laptop(laptop_page, league, organiser):
    watch_the_standings(laptop_page, league, organiser, "laptop")
