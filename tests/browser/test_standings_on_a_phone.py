"""The standings on a phone: one line per entrant (rank, name, points, games) at most
56 px high in every language, the tie-break figures behind "Why?" in the event's order
as it is now; on a laptop the figures are columns in that order."""

import pytest

from standings.computing import do_store_standings
from tests.fixtures.browser import screenshot
from tests.tournaments.helpers import make_event, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROW_HEIGHTS = (
    "() => [...document.querySelectorAll('table.standings tr')]"
    ".map(row => row.getBoundingClientRect().height)"
)


def long_named_event(league, organiser):
    event = make_event(league, organiser, players=8, tiebreak_order=["wins", "score_total"])
    first = event.entrants.order_by("pk").first()
    first.name = "Konstantin Alexandrovich Rimsky-Korsakov"
    first.save()
    play(event, 2)
    do_store_standings(event)
    # Reordered after the standings were stored: the page follows the new order.
    event.tiebreak_order = ["score_total", "opponents_points", "wins", "best_round"]
    event.save()
    do_store_standings(event)
    return event


@pytest.mark.parametrize("browser_language", ["en", "de", "ru"])
def test_a_phone_shows_one_short_line_per_entrant(phone_page, league, organiser, browser_language):
    event = long_named_event(league, organiser)
    page = phone_page
    page.goto(f"/events/{event.slug}/")
    heights = page.evaluate(ROW_HEIGHTS)
    assert len(heights) == 9 and max(heights) <= 56, heights
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.locator("table.standings .figure").first.is_visible()
    why = page.locator("table.standings tbody details").first
    why.locator("summary").click()
    names = why.locator("dt").all_inner_texts()
    assert len(names) == 4 and why.locator("dd").first.is_visible()
    assert "–" not in why.locator("dl").inner_text()
    if browser_language == "en":
        assert names == [
            "game-score total",
            "opponents' points",
            "wins (first places)",
            "best score in a single game",
        ]
    screenshot(page, f"standings-phone-{browser_language}")


def test_a_laptop_shows_the_figures_as_columns_in_the_events_order(laptop_page, league, organiser):
    event = long_named_event(league, organiser)
    page = laptop_page
    page.goto(f"/events/{event.slug}/")
    headers = page.locator("table.standings thead th:visible").all_inner_texts()
    assert headers == [
        "Rank",
        "Entrant",
        "Points",
        "Games",
        "Score total",
        "Opp. points",
        "Wins",
        "Best game",
    ]
    assert not page.locator("table.standings tbody summary").first.is_visible()
    screenshot(page, "standings-laptop")
