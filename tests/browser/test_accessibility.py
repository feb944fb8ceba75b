"""Without a mouse or sight: every page people use passes axe-core (WCAG 2.1 A/AA) at
390x844 in English and German, the first key press offers a skip link, focus is seen,
and a Call to Glory round is entered with the keyboard alone, one stop per value."""

import re

import pytest

from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD
from tests.i18n.pages import crawl, demo_organiser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("browser_language", ["en", "de"])
def test_every_page_people_use_passes_axe(phone_page, client, browser_language):
    """The phone_page fixture runs axe on each page loaded here and fails on violations.
    English checks two pages of each kind; German, whose pages are built the same way
    and differ in their words, one."""
    organiser = demo_organiser()
    organiser.set_password(PASSWORD)
    organiser.save()
    client.force_login(organiser)
    urls = [url for url, _ in crawl(client, per_route=2 if browser_language == "en" else 1)]
    assert len(urls) >= 15, urls
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    for url in urls:
        page.goto(url)
        assert page.get_attribute("html", "lang") == browser_language, url
        page.evaluate("() => window.__axeCheck()")
    page.get_by_role("button", name=re.compile("Log out|Abmelden")).click()
    for url in ["/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"]:
        page.goto(url)  # a visitor's pages too
        page.evaluate("() => window.__axeCheck()")


def test_the_first_tab_offers_to_skip_to_the_content_and_focus_is_seen(phone_page, player):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.textContent.trim()")
    assert focused == "Skip to the content"
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"
    )
    assert ring == ["solid", "3px", "rgb(26, 115, 232)"]
    assert page.locator(".skip-link").is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"


def focused_name(page) -> str:
    return page.evaluate(
        "() => document.activeElement.getAttribute('name')"
        " || document.activeElement.textContent.trim()"
    )


def test_a_call_to_glory_round_is_entered_with_the_keyboard_alone(phone_page, player, table):
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{table.pk}/glory/")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the skip link: on to the content
    sets = {"set-0-20": 2, "set-1-18": 2}  # Pat lays two 20s, Quinn two 18s
    stops, presses = [], 0
    # The entry opens on the scores per seat; the arrow key moves the mode to card by card.
    arrows = {"quick": "ArrowRight"}
    while focused_name(page) != "Save round 1: the game is over":
        page.keyboard.press("Tab")
        presses += 1
        assert presses < 60, f"still no submit button after {stops}"
        # Not counted: the preview's table, which takes focus when it scrolls (if it has
        # come yet), and the page itself, which holds the focus for a moment when a
        # preview swapped in under a slow machine's focus removed the focused control.
        if page.evaluate(
            "() => !!document.activeElement.closest('#preview')"
            " || !document.activeElement.matches('a, button, input, select, textarea')"
        ):
            continue
        name = focused_name(page)
        if name in stops:  # a preview swapped in under the focus sends it round again
            continue
        stops.append(name)
        if name in arrows:
            page.keyboard.press(arrows[name])
        for _ in range(sets.get(name, 0)):
            page.keyboard.press("ArrowUp")
    # back link, quick-entry switch, 9 values per seat, the button: not three per value
    assert len(stops) == 1 + 1 + 2 * 9 + 1, stops
    wait_until(
        page,
        "() => [...document.querySelectorAll('#preview .running-total')]"
        ".map(cell => cell.innerText).join(',') === '20,18'",
    )
    assert page.get_attribute("#preview", "aria-live") == "polite"
    screenshot(page, "a11y-glory-round-by-keyboard")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/(#main)?$"))
    assert "Still to confirm: Quinn Player" in page.locator(".state").inner_text()


def test_an_impossible_table_is_announced_beside_the_seat(phone_page, player, table):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto(f"/scoring/tables/{table.pk}/glory/")
    slot = page.locator("#err-seat-1")
    assert slot.get_attribute("role") == "alert"
    page.get_by_role("radio", name="Card by card").check()
    page.locator("input[name=set-0-20]").fill("2")
    page.locator("input[name=set-1-20]").fill("3")
    page.locator("input[name=set-1-20]").dispatch_event("change")
    wait_until(page, "() => document.querySelector('#err-seat-1').innerText !== ''")
    # the same live region, filled in place (a replaced region is not announced)
    assert slot.get_attribute("role") == "alert"
    assert "20" in slot.inner_text()
