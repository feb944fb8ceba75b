"""Every answer carries a Content-Security-Policy: the pages load nothing from elsewhere
and run no inline script; the pages need none."""

import re

import pytest

pytestmark = pytest.mark.django_db

POLICY = "Content-Security-Policy"


@pytest.mark.parametrize("path", ["/", "/bots/", "/api/docs/", "/accounts/login/"])
def test_pages_carry_a_policy_that_allows_this_site_only(client, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = response[POLICY]
    assert "default-src 'self'" in policy and "script-src 'self';" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    page = response.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "an inline script"
    assert not re.search(r"\son[a-z]+=", page), "an inline event handler"


def test_the_print_page_has_no_inline_handler(client_for, organiser, table):
    event = table.round.event
    page = client_for(organiser).get(f"/events/{event.slug}/rounds/1/print/")
    assert page.status_code == 200 and POLICY in page
    assert "onclick" not in page.content.decode()
    assert "js/print.js" in page.content.decode()
