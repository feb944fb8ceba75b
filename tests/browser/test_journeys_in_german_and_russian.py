"""Issue 42: the main journeys walked on a 390x844 phone in German and Russian, by
clicking: the home page, the event, the table's entry, its confirmation by the other
player, the standings; the bots page and the play page. No page has English left (what
people typed aside: ``tests.i18n.leftovers``) or is wider than the phone, and each
page's screenshot is saved (test-artifacts/screenshots/journey-LANGUAGE-*.png)."""

import re

import pytest

from tests.fixtures.browser import log_in, screenshot, wait_until
from tests.fixtures.personas import PASSWORD
from tests.i18n.leftovers import english_left, typed_by_people

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def looked_at(page, language: str, name: str) -> None:
    """The page speaks ``language`` throughout, fits the phone, and is kept to look at."""
    page.wait_for_load_state("networkidle")
    screenshot(page, f"journey-{language}-{name}")
    html = page.content()
    assert f'lang="{language}"' in html[:300], name
    left = english_left(html, language, typed_by_people())
    assert not left, f"{name}: English left:\n" + "\n".join(left)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: {width} px wide"
    menu = page.get_by_role("navigation", name=re.compile("Hauptmenü|Главное|Main"))
    assert menu.evaluate("nav => nav.scrollWidth <= nav.clientWidth"), f"{name}: menu cut"


@pytest.mark.parametrize("browser_language", ["de", "ru"])
def test_a_player_walks_from_the_home_page_to_the_standings(
    celery_worker, phone_page, second_phone, player, other_player, table, browser_language
):
    language = browser_language
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    page = phone_page
    log_in(page, player.username, PASSWORD)
    looked_at(page, language, "1-home")
    page.locator(f'a[href="/events/{event.slug}/"]').first.click()
    page.wait_for_url(re.compile(rf"/events/{event.slug}/$"))
    looked_at(page, language, "2-event")

    page.locator(f'a[href="/events/{event.slug}/rounds/1/"]').first.click()
    page.wait_for_url(re.compile(r"/rounds/1/$"))
    table_link = f'a[href="/scoring/tables/{table.pk}/"]'
    page.locator(table_link).first.click()  # the player's table, from the round's page
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    looked_at(page, language, "3-table")
    page.locator('a[href$="/glory/"]').first.click()
    page.wait_for_url(re.compile(r"/glory/$"))
    looked_at(page, language, "4-entry")
    page.fill("#score-0", "30")
    page.fill("#score-1", "20")
    page.locator("form.entry button[type=submit].big").click()
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    looked_at(page, language, "5-entered")

    other = second_phone
    log_in(other, other_player.username, PASSWORD)
    for link in (f'a[href="/events/{event.slug}/"]', 'a[href$="/rounds/1/"]', table_link):
        other.locator(link).first.click()  # home, the event, its round, the table
        other.wait_for_load_state()
    other.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    looked_at(other, language, "6-to-confirm")
    other.locator("button.confirm").click()
    other.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    looked_at(other, language, "7-confirmed")

    other.locator(f'a[href="/events/{event.slug}/"]').first.click()  # the table's event
    other.wait_for_url(re.compile(rf"/events/{event.slug}/$"))
    wait_until(other, "() => document.querySelectorAll('table.standings tbody tr').length == 2")
    looked_at(other, language, "8-standings")


@pytest.mark.parametrize("browser_language", ["de", "ru"])
def test_the_bots_and_play_pages_speak_the_readers_language(phone_page, player, browser_language):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.locator('.site-header a[href="/bots/"]').click()
    page.wait_for_url(re.compile(r"/bots/$"))
    looked_at(page, browser_language, "9-bots")
    page.locator('.site-header a[href="/play/"]').click()
    page.wait_for_url(re.compile(r"/play/$"))
    looked_at(page, browser_language, "10-play")
