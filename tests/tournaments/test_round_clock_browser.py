"""The round clock in a browser: the projector on a 1920x1080 screen and a 1280x720
projector (large type, pages that fit, the clock ticking, a pause reaching it without
anyone touching it), and a player's phone following the organiser's pause without a
reload. Screenshots in test-artifacts/screenshots/."""

import pytest

from play.starting import do_start_table_game
from standings.computing import do_store_standings
from tests.fixtures.browser import log_in, screenshot, wait_until, watched_page
from tests.tournaments.helpers import make_event, play
from tournaments.models import Entrant
from tournaments.pairing import do_pair_round
from tournaments.round_clock import do_clock

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    "Ann Arbor", "Bea Quill", "Cyril Moss", "Dana Vex", "Eli Park", "Fay Lund",
    "Gus Hale", "Hana Ito", "Ivo Brandt", "Jun Sato", "Kai Rowe", "Lea Fink",
    "Mo Dunn", "Nia Cole", "Oto Kranz", "Pia Roth", "Quin Ash", "Ria Vogt",
    "Sol Mertz", "Tam Oduya",
]  # fmt: skip


@pytest.fixture
def screen(browser, live_server, browser_language):
    yield from watched_page(browser, live_server, browser_language, {"width": 1920, "height": 1080})


@pytest.fixture
def hall(league, organiser):
    """Twenty entrants, two rounds played, round 3 paired with a 50-minute clock."""
    event = make_event(
        league, organiser, players=20, round_minutes=50, slug="hall-open", review_pairings=False
    )
    for entrant, name in zip(event.entrants.order_by("pk"), NAMES, strict=True):
        entrant.name = name
        entrant.save()
    play(event, 2)
    do_store_standings(event)
    return do_pair_round(event, by=organiser)


def clock_text(page) -> str:
    return page.locator("[data-clock-time]").inner_text()


def fits(page) -> bool:
    """The panel shown, and the header, fit the screen: nothing to scroll."""
    return page.evaluate(
        """() => {
        const panel = [...document.querySelectorAll('.panel')].find(p => !p.hidden);
        const stage = document.querySelector('.stage');
        return panel.scrollHeight <= stage.clientHeight
            && document.documentElement.scrollHeight <= window.innerHeight;
    }"""
    )


def test_the_projector_reads_from_across_the_hall(screen, hall, organiser):
    screen.goto(f"/events/{hall.event.slug}/projector/")
    screen.wait_for_selector("text=Find your table")
    first = clock_text(screen)
    assert first.startswith(("50:", "49:"))
    wait_until(screen, "(t) => document.querySelector('[data-clock-time]').innerText !== t", first)
    # Names in type that reads from 5 m (about 25 mm on a 2 m wide screen's 1080 px),
    # the clock far larger; alphabetical, each with its table.
    size = screen.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.by-name')).fontSize)"
    )
    clock = screen.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.clock-time')).fontSize)"
    )
    assert size >= 36 and clock >= 200
    names = screen.locator(".panel:not([hidden]) .by-name .who").all_inner_texts()
    assert names == sorted(NAMES, key=str.casefold)
    assert fits(screen)
    screenshot(screen, "projector-1920x1080")
    # The pages turn by themselves: the tables, then the standings.
    panels = screen.locator(".panel").count()
    assert panels == 3
    wait_until(screen, "!document.querySelectorAll('.panel')[1].hidden", timeout_ms=20_000)
    assert fits(screen)
    screenshot(screen, "projector-tables-1920x1080")

    screen.set_viewport_size({"width": 1280, "height": 720})
    assert fits(screen)
    screenshot(screen, "projector-1280x720")
    # The standings fit too (shown here at once rather than waiting for their turn).
    screen.evaluate("document.querySelectorAll('.panel').forEach((p, i) => p.hidden = i !== 2)")
    assert screen.locator(".panel:not([hidden]) .standings li").count() == 20
    assert fits(screen)
    screenshot(screen, "projector-standings-1280x720")
    screen.set_viewport_size({"width": 1920, "height": 1080})

    # The organiser pauses the clock at the desk: the projector shows it by itself.
    do_clock(hall, "pause", by=organiser)
    wait_until(screen, "!document.querySelector('[data-clock-paused]').hidden")
    assert screen.locator("text=paused").is_visible()


@pytest.mark.embedded
def test_a_players_phone_follows_the_organisers_pause_without_a_reload(
    phone_page, laptop_page, hall, organiser
):
    seat = hall.tables.filter(is_bye=False).first().seats.first()
    player = seat.entrant.user
    player.set_password("a long secret 12")
    player.save()
    log_in(phone_page, player.username, "a long secret 12")
    phone_page.wait_for_selector("text=Time left: round 3")  # on their home
    screenshot(phone_page, "round-clock-home-390x844")
    phone_page.click("text=you play at table")
    phone_page.wait_for_selector("text=Time left: round 3")
    phone_page.evaluate("window.notReloaded = true")
    screenshot(phone_page, "round-clock-table-390x844")

    do_clock(hall, "extend", by=organiser, minutes=7, table=seat.table.number)
    wait_until(phone_page, "!document.querySelector('[data-clock-extra]').hidden")
    assert "7 min" in phone_page.locator("[data-clock-extra]").inner_text()
    assert clock_text(phone_page).startswith(("57:", "56:"))
    do_clock(hall, "pause", by=organiser)
    wait_until(phone_page, "!document.querySelector('[data-clock-paused]').hidden")
    assert phone_page.evaluate("window.notReloaded === true")

    organiser.set_password("a long secret 12")
    organiser.save()
    log_in(laptop_page, organiser.username, "a long secret 12")
    laptop_page.goto(f"/events/{hall.event.slug}/rounds/3/")
    laptop_page.click("text=Resume the clock")
    laptop_page.wait_for_selector("text=The round clock runs again.")
    assert laptop_page.locator("text=Pause the clock").is_visible()
    screenshot(laptop_page, "round-clock-round-page-1280x800")
    wait_until(phone_page, "document.querySelector('[data-clock-paused]').hidden")
    phone_page.goto(f"/events/{hall.event.slug}/rounds/2/")
    screenshot(phone_page, "round-scores-390x844")

    # Another table plays on the site: the event page lists it, one tap to watch.
    other = hall.tables.filter(is_bye=False).exclude(pk=seat.table_id).first()
    for entrant in Entrant.objects.filter(seats__table=other):
        entrant.user.set_password("another long secret")
        entrant.user.save()
    do_start_table_game(organiser, other)
    phone_page.goto(f"/events/{hall.event.slug}/")
    phone_page.click(f"text=Watch round 3, table {other.number}")
    phone_page.wait_for_url("**/play/*/")
    phone_page.go_back()
    screenshot(phone_page, "live-now-event-390x844")
