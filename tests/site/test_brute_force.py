"""Guessing passwords is throttled per account and per address, on the login page and
at /api/token/ alike (django-axes): 429 with Retry-After. API tokens expire, and a new
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


def test_an_account_is_locked_after_failed_guesses_from_any_address(player):
    for n in range(LIMIT - 1):
        assert ask_token(player.username, "wrong", address=f"10.0.1.{n}").status_code == 400
    assert ask_token(player.username, "wrong", address="10.0.1.9").status_code == 429
    locked = ask_token(player.username, PASSWORD, address="10.0.2.1")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0
    assert "Too many failed logins" in locked.json()["detail"]


def test_an_address_is_locked_after_failed_guesses_at_any_account(player):
    for n in range(LIMIT):
        assert ask_token(f"nobody{n}", "wrong", address="10.0.3.3").status_code in (400, 429)
    assert ask_token(player.username, PASSWORD, address="10.0.3.3").status_code == 429
    assert ask_token(player.username, PASSWORD, address="10.0.3.4").status_code == 200


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
