import pytest

from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def test_a_player_logs_in_on_a_phone(phone_page, player, event):
    log_in(phone_page, player.username, PASSWORD)
    assert phone_page.locator(".site-header").inner_text().count("Pat Player") == 1
    assert phone_page.locator("text=Autumn Open").is_visible()
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the home page must not scroll sideways on a phone"
    assert screenshot(phone_page, "smoke-logged-in-phone").stat().st_size > 0
