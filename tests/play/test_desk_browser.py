"""On a phone (390x844), the organiser's results desk shows a table whose site game was
abandoned (both players forfeited) with its three ways on, and voids it."""

import pytest

from scoring.models import AuditEntry
from tests.fixtures.browser import PHONE, log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.play.test_absent_people import abandoned_table
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organiser_voids_an_abandoned_table_from_the_desk(phone_page, organiser, table):
    game = abandoned_table(organiser, table)
    page = phone_page
    log_in(page, organiser.username, PASSWORD)
    page.goto(f"/scoring/events/{table.round.event.slug}/desk/")
    card = page.locator(".card.waiting", has_text="Abandoned")
    assert "enter the result, replay, or void the table" in card.inner_text()
    assert "Every person at the table forfeited." in card.inner_text()
    assert card.get_by_role("link", name="Enter the result").count() == 1
    assert card.get_by_role("button", name="Replay on the site").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "play-desk-abandoned-table")

    card.get_by_label("Reason for voiding the table").fill("Both players went home early")
    card.get_by_role("button", name="Void the table").click()
    page.locator("text=The table is void: it counts for nobody.").wait_for()
    assert page.locator(".card.waiting", has_text="Abandoned").count() == 0
    assert "voided the abandoned table" in page.inner_text(".audit")
    screenshot(page, "play-desk-table-voided")
    assert Result.objects.get(table=table).detail["played_game"] == game.pk
    assert AuditEntry.objects.get(action="voided").reason == "Both players went home early"
