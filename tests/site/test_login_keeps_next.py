"""Every log-in link keeps ``next``: the header's, the log-in page's sign-up link, and
sign-up itself return to the page the person was on (a path of this site only)."""

import pytest

pytestmark = pytest.mark.django_db

SIGN_UP = {
    "username": "newbie",
    "email": "newbie@example.org",
    "password1": "a-long-enough-passphrase",
    "password2": "a-long-enough-passphrase",
}


def test_the_header_log_in_link_returns_to_the_page(client, event):
    page = client.get(f"/events/{event.slug}/?plot=all").content.decode()
    assert f'href="/accounts/login/?next=/events/{event.slug}/%3Fplot%3Dall"' in page
    assert f'href="/accounts/signup/?next=/events/{event.slug}/%3Fplot%3Dall"' in page


def test_the_log_in_page_keeps_where_it_leads_in_its_own_links(client):
    page = client.get("/accounts/login/?next=/t/abc/").content.decode()
    assert 'href="/accounts/login/?next=/t/abc/"' in page
    assert 'href="/accounts/signup/?next=/t/abc/"' in page
    assert 'name="next" value="/t/abc/"' in page


def test_sign_up_returns_to_the_page_it_came_from(client, event):
    response = client.post("/accounts/signup/", {**SIGN_UP, "next": f"/events/{event.slug}/"})
    assert response.status_code == 302 and response["Location"] == f"/events/{event.slug}/"


def test_sign_up_never_leads_off_the_site(client):
    response = client.post("/accounts/signup/", {**SIGN_UP, "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_a_table_opened_logged_out_offers_to_log_in_and_enter(client, table):
    page = client.get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Log in to enter the result" in page
    assert f'href="/accounts/login/?next=/scoring/tables/{table.pk}/"' in page
