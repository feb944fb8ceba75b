"""An event from registration to its crowned winner on a 390x844 phone, by the main
button of each page alone: a Swiss of seven at tables of two, three rounds, then the
best four in a knockout (the event plans its cut). The players at the tables report
their results (the test writes them as the tables would); the organiser only ever
presses the page's main button (``data-primary``), never types an address after the
home page, and waits for the page to offer the next step by itself. A player's phone
and a spectator keep the event page open all evening and see it move on without a
reload, to the crowned winner. Served by uvicorn as ``bin/run`` serves it.
Screenshots: test-artifacts/screenshots/main-buttons-*."""

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.fixtures.browser import screenshot, wait_until
from tests.fixtures.push_pages import following, not_reloaded
from tests.tournaments.helpers import enter, make_event
from tournaments.models import Event, Table
from tournaments.registration import do_register
from tournaments.results import SeatOutcome, do_record_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def report_missing(event: Event, rng: random.Random) -> int:
    """Every table still without a result reports one, as its players would."""
    tables = Table.objects.filter(
        round__event=event, round__draft=False, is_bye=False, result__isnull=True
    )
    count = 0
    for table in tables:
        places = [1, 2]
        rng.shuffle(places)
        outcomes = [SeatOutcome(p, 30 - 10 * place, place) for p, place in enumerate(places)]
        do_record_result(table, outcomes, source="organiser")
        count += 1
    return count


PRIMARY = "(document.querySelector('[data-primary]') || {}).innerText"
MISSING = "Enter the missing result"


def press(page) -> None:
    """Click the main button; each posts, or leads, to a page. A live update that
    redraws the buttons just as the click lands (the standings stored after the last
    result) can swallow it, as it would a person's, who clicks again: so does this,
    once. A second pairing post is harmless: it names its round, and is refused."""
    for attempt in range(2):
        try:
            with page.expect_navigation(timeout=20_000):
                main_button(page).click()
            return
        except PlaywrightTimeoutError:
            if attempt:
                raise


def main_button(page):
    return page.locator("[data-primary]").first


FINAL_HEADING = "[...document.querySelectorAll('h2')].some(h => h.innerText === 'Final standings')"


def test_a_swiss_with_a_cut_runs_to_its_winner_by_main_buttons(
    celery_worker, page_as, league, organiser, player
):
    event = make_event(
        league,
        organiser,
        players=0,
        table_size=2,
        rounds_planned=3,
        format_options={"cut": 4},
        registration="open",
        slug="friday-swiss",
    )
    enter(event, 6)
    do_register(event, player)  # the seventh registers
    phone, spectator = page_as(player), page_as(None)
    for watcher in (phone, spectator):
        watcher.goto("/events/friday-swiss/")
        following(watcher)
    page = page_as(organiser)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto("/")
    page.get_by_role("link", name="Friday-Swiss").first.click()
    page.wait_for_url(re.compile(r"/events/friday-swiss/"))
    rng = random.Random(5)
    pressed = []
    for step in range(40):
        button = main_button(page)
        label = button.inner_text().strip()
        screenshot(page, f"main-buttons-{step:02d}")
        if label == "Reopen the event":
            break
        if label.startswith(MISSING):
            # The tables report (the page may show them one by one: some are in).
            report_missing(event, rng)
            wait_until(page, f"!({PRIMARY} || '').startsWith({MISSING!r})")  # pushed
            continue
        pressed.append(label)
        press(page)
    else:
        raise AssertionError(f"no winner after 40 main buttons: {pressed}")
    assert pressed == [
        "Pair round 1",
        "Pair round 2",
        "Pair round 3",
        "Cut to the top 4",
        "Pair round 5",
        "Finish the event",
    ]
    event.refresh_from_db()
    assert event.is_finished and event.rounds.count() == 5
    final = event.rounds.get(number=5).tables.get()
    winner = final.result.seats.get(place=1).entrant
    first_row = "document.querySelector('table.standings tbody tr').innerText"
    for watcher in (page, phone, spectator):
        # The worker stores the final standings after the final's result: pushed.
        wait_until(watcher, f"{first_row}.includes({winner.name!r})")
        assert "wins the final" in watcher.locator("table.standings tbody tr").first.inner_text()
        # The event's finish is a change of its own, which may be pushed after the final's
        # standings are shown.
        wait_until(watcher, FINAL_HEADING)
        assert watcher.get_by_role("heading", name="Final standings").count() == 1
    assert not_reloaded(phone) and not_reloaded(spectator)
    assert page.locator("#event-actions").get_by_text("Pair round").count() == 0
    screenshot(page, "main-buttons-winner")
    screenshot(spectator, "main-buttons-spectator")
    screenshot(phone, "main-buttons-player")
