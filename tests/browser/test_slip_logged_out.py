"""A table's link (a printed slip's QR code) opened logged out offers "Log in to enter
the result", and logging in comes back to that table, ready to enter it."""

import re

import pytest

from tests.fixtures.browser import screenshot
from tests.fixtures.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_table_link_opened_logged_out_leads_back_after_logging_in(size, request, player, table):
    page = request.getfixturevalue(f"{size}_page")
    page.goto(f"/scoring/tables/{table.pk}/")
    screenshot(page, f"table-logged-out-{size}")
    page.get_by_role("link", name="Log in to enter the result").click()
    page.fill("input[name=username]", player.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/$"))
    assert page.get_by_role("link", name="Enter the result").is_visible()
    screenshot(page, f"table-logged-in-{size}")


def test_an_expired_slip_on_a_phone_leads_to_its_table_after_logging_in(phone_page, player, table):
    """Issue 42: an expired slip's page offered nothing but its refusal."""
    from tests.scoring.test_slips import old_slip_path

    page = phone_page
    page.goto(old_slip_path(table))
    screenshot(page, "slip-expired-logged-out")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("main").get_by_role("link", name="Log in to enter the result").click()
    page.fill("input[name=username]", player.username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(rf"/scoring/tables/{table.pk}/glory/$"))
    screenshot(page, "slip-expired-logged-in")
