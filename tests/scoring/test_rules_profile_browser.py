"""An organiser corrects the Corruption track of a Call to Adventure event by clicking
and typing into labelled fields (no JSON), previews the rescore and applies it."""

import pytest

from scoring.models import EventProfile
from tests.fixtures.browser import ARTIFACTS, log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tournaments.models import Result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def correct_the_track(page, organiser, event, size: str) -> None:
    log_in(page, organiser.username, PASSWORD)
    page.click(f"text={event.name}")
    page.click("text=Rules profile")
    page.wait_for_selector("form.rules-profile")
    assert page.locator("textarea[name=profile]").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    screenshot(page, f"rules-profile-form-{size}")
    page.get_by_label("Level 4: points").fill("6")
    page.click("button[value=preview]")
    page.wait_for_selector("#preview")
    preview = page.locator("#preview").inner_text()
    assert "Total 40 → 42" in preview and "Place 2 → 1" in preview
    page.get_by_label("Why the rules change (the players see it)").fill("the board says 6")
    page.locator("#preview").screenshot(path=str(ARTIFACTS / f"rules-profile-preview-{size}.png"))
    page.click("button[value=apply]")
    page.wait_for_selector(".message.success")
    assert page.get_by_label("Level 4: points").input_value() == "6"
    assert EventProfile.objects.get().profile["corruption"]["levels"][3]["points"] == 6
    assert Result.objects.get().rules_version == "core-2 v2"


def test_an_organiser_corrects_the_track_on_a_phone(phone_page, organiser, adventure_table):
    correct_the_track(phone_page, organiser, adventure_table.round.event, "phone")


def test_an_organiser_corrects_the_track_on_a_laptop(laptop_page, organiser, adventure_table):
    correct_the_track(laptop_page, organiser, adventure_table.round.event, "laptop")
