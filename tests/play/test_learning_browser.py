"""On a phone (390x844) the rules page reads without sideways scrolling and passes
axe-core; a learner gets to it from the lobby in one tap."""

import pytest

from tests.fixtures.browser import PHONE, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


@pytest.mark.parametrize("browser_language", ["ru"])
def test_the_rules_page_fits_a_phone(phone_page, browser_language):
    page = phone_page
    page.goto("/play/")
    page.get_by_role("link", name="Как играть: правила за пять минут").click()
    page.wait_for_url("**/play/how-to-play/call-to-glory/")
    assert page.get_by_role("heading", name="Пример раунда").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "play-how-to-play-ru")
