"""On a phone: an author uploads a bot that does not speak the protocol; the page says
it is being checked, and once the worker's probe game refused it, says why."""

import re

import pytest

from bots.models import SourceCheck, WorkStatus
from tests.fixtures.browser import log_in, screenshot
from tests.fixtures.personas import PASSWORD
from tests.fixtures.worker import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WRONG_PROTOCOL = b"import sys\nfor line in sys.stdin:\n    print('my move, please', flush=True)\n"


def test_an_upload_is_checked_and_its_refusal_shown_on_a_phone(celery_worker, phone_page, player):
    page = phone_page
    log_in(page, player.username, PASSWORD)
    page.goto("/bots/upload/")
    page.fill("input[name=name]", "Wrongo")
    page.set_input_files(
        "input[name=source]",
        files=[{"name": "mine.py", "mimeType": "text/x-python", "buffer": WRONG_PROTOCOL}],
    )
    page.click("form.stack button")
    page.wait_for_url(re.compile(r"/bots/\d+/$"))
    assert "Your bot plays once it passes its probe game." in page.content()
    wait_for(
        lambda: SourceCheck.objects.filter(status=WorkStatus.FAILED).exists(),
        what="the probe game",
    )
    page.reload()
    refusal = page.locator(".bot-check")
    assert "Refused in its probe game: mine.py did not play by the protocol." in (
        refusal.inner_text()
    )
    assert "my move, please" in refusal.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "bots-probe-game-refused")
