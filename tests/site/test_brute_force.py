"""Guessing passwords is throttled per account at an address and, past a higher cap, per
address, on the login page and at /api/token/ alike (django-axes): 429 with
Retry-After. API tokens expire, and a new
password revokes them."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.fixtures.personas import PASSWORD

pytestmark = pytest.mark.django_db

LIMIT = 5


def ask_token(username, password, address="10.0.0.1"):
    return Client(REMOTE_ADDR=address).post(
        "/api/token/", {"username": username, "password": password}
    )


def test_an_account_is_locked_from_the_address_that_guessed_at_it(player):
    for _ in range(LIMIT - 1):
        assert ask_token(player.username, "wrong", address="10.0.1.1").status_code == 400
    assert ask_token(player.username, "wrong", address="10.0.1.1").status_code == 429
    locked = ask_token(player.username, PASSWORD, address="10.0.1.1")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0
    assert "Too many failed logins" in locked.json()["detail"]
    assert ask_token(player.username, PASSWORD, address="10.0.2.1").status_code == 200


def test_failures_for_made_up_names_do_not_lock_ann_out(player, other_player):
    for n in range(LIMIT):
        assert ask_token(f"nobody{n}", "wrong", address="10.0.3.3").status_code == 400
    assert ask_token(player.username, PASSWORD, address="10.0.3.3").status_code == 200
    assert ask_token(other_player.username, PASSWORD, address="10.0.3.3").status_code == 200


def test_an_address_is_locked_at_its_own_higher_cap(player, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 12
    for n in range(11):
        assert ask_token(f"nobody{n}", "wrong", address="10.0.3.5").status_code == 400
    assert ask_token(player.username, PASSWORD, address="10.0.3.5").status_code == 200
    assert ask_token("nobody11", "wrong", address="10.0.3.5").status_code == 429
    assert ask_token(player.username, PASSWORD, address="10.0.3.5").status_code == 429
    assert ask_token(player.username, PASSWORD, address="10.0.3.6").status_code == 200


def test_logging_in_to_an_account_of_ones_own_does_not_reset_the_addresss_count(player, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 6
    for n in range(5):
        assert ask_token(f"nobody{n}", "wrong", address="10.0.3.7").status_code == 400
    own = {"username": player.username, "password": PASSWORD}
    assert Client(REMOTE_ADDR="10.0.3.7").post("/accounts/login/", own).status_code == 302
    assert ask_token("nobody5", "wrong", address="10.0.3.7").status_code == 429


def test_behind_the_proxy_each_client_is_counted_by_the_header_the_settings_name(player, settings):
    """Everyone comes from the proxy's address; the proxy appends the client's to
    X-Forwarded-For, and a client's own entries in front are not believed."""
    settings.CLIENT_ADDRESS_HEADER = "X-Forwarded-For"

    def through_proxy(password, client, claimed="203.0.113.99"):
        return Client(REMOTE_ADDR="10.9.9.9", HTTP_X_FORWARDED_FOR=f"{claimed}, {client}").post(
            "/api/token/", {"username": player.username, "password": password}
        )

    for _ in range(LIMIT):
        through_proxy("wrong", "198.51.100.7")
    assert through_proxy(PASSWORD, "198.51.100.7", claimed="198.51.100.8").status_code == 429
    assert through_proxy(PASSWORD, "198.51.100.8", claimed="198.51.100.7").status_code == 200


def test_the_login_page_is_throttled_the_same_way(player):
    client = Client(REMOTE_ADDR="10.0.4.4")
    for _ in range(LIMIT - 1):
        page = client.post("/accounts/login/", {"username": player.username, "password": "x"})
        assert page.status_code == 200
    client.post("/accounts/login/", {"username": player.username, "password": "x"})
    page = client.post("/accounts/login/", {"username": player.username, "password": PASSWORD})
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert "Too many failed logins" in page.content.decode()


def test_logging_in_with_the_right_password_resets_the_count(player):
    client = Client(REMOTE_ADDR="10.0.5.5")
    for _round in range(2):
        for _ in range(LIMIT - 1):
            client.post("/accounts/login/", {"username": player.username, "password": "x"})
        page = client.post("/accounts/login/", {"username": player.username, "password": PASSWORD})
        assert page.status_code == 302
        client.post("/accounts/logout/")


def test_an_expired_token_no_longer_works_and_a_new_one_is_given(player, settings):
    key = ask_token(player.username, PASSWORD).json()["token"]
    client = Client(headers={"Authorization": f"Token {key}"})
    assert client.get("/api/me/").status_code == 200
    Token.objects.filter(key=key).update(
        created=timezone.now() - timedelta(days=settings.API_TOKEN_DAYS + 1)
    )
    expired = client.get("/api/me/")
    # 403, not 401: session authentication comes first and names no WWW-Authenticate.
    assert expired.status_code == 403 and "expired" in expired.json()["detail"]
    fresh = ask_token(player.username, PASSWORD).json()["token"]
    assert fresh != key
    assert Client(headers={"Authorization": f"Token {fresh}"}).get("/api/me/").status_code == 200


def test_a_new_password_revokes_the_tokens(player):
    key = ask_token(player.username, PASSWORD).json()["token"]
    player.set_password("a-brand-new-passphrase")
    player.save()
    assert Client(headers={"Authorization": f"Token {key}"}).get("/api/me/").status_code == 403
    assert not Token.objects.filter(user=player).exists()
