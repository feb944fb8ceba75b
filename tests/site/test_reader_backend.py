"""The signed-in reader of every page is loaded by a query compiled once
(``accounts.reader_backend``), with ``ModelBackend``'s semantics: an inactive user is
refused, the session's hash is still checked (a new password signs the other sessions
out), sessions that ``ModelBackend`` signed in before still work, and a refused
password is checked once."""

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import DEFAULT_DB_ALIAS, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.reader_backend import READER, ReaderBackend
from tests.fixtures.personas import PASSWORD

pytestmark = pytest.mark.django_db

READER_BACKEND = "accounts.reader_backend.ReaderBackend"
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
NEW = "n3w-Passw0rd!"


def signed_in(user, backend=None) -> Client:
    client = Client()
    client.force_login(user, backend=backend)
    return client


def logged_in(user) -> Client:
    """Signed in through the login page, as people are."""
    client = Client()
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    return client


def is_signed_in(client: Client) -> bool:
    page = client.get("/").content.decode()
    assert ("Log out" in page) != ("Log in" in page)
    return "Log out" in page


def test_a_signed_in_pages_reader_is_loaded_by_one_compiled_query(player):
    client = signed_in(player)
    client.get("/")
    with CaptureQueriesContext(connection) as queries:
        assert is_signed_in(client)
    # The compiled SQL ends with the id's placeholder; the ORM's ``get`` adds a LIMIT.
    sql = READER.compiled[DEFAULT_DB_ALIAS].sql
    assert sql.endswith("%s")
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith(sql[:-2])]
    assert reads == [sql[:-2] + str(player.pk)]


def test_logging_in_records_the_readers_backend(player):
    client = logged_in(player)
    assert client.session[BACKEND_SESSION_KEY] == READER_BACKEND
    assert is_signed_in(client)


def test_a_session_model_backend_signed_in_still_works(player):
    client = signed_in(player, backend=MODEL_BACKEND)
    assert client.session[BACKEND_SESSION_KEY] == MODEL_BACKEND
    assert is_signed_in(client)


def test_an_inactive_users_session_is_refused(player):
    client = signed_in(player)
    assert is_signed_in(client)
    player.is_active = False
    player.save(update_fields=["is_active"])
    assert not is_signed_in(client)


def test_a_new_password_signs_the_other_sessions_out(player):
    changing, other = logged_in(player), logged_in(player)
    response = changing.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW},
    )
    assert response.status_code == 302
    assert is_signed_in(changing)
    assert not is_signed_in(other)


class CountingHasher(MD5PasswordHasher):
    """MD5, counting the passwords it hashes."""

    hashed = 0

    def encode(self, password, salt):
        CountingHasher.hashed += 1
        return super().encode(password, salt)


@pytest.mark.parametrize("username", ["pat_player", "nobody"])
def test_a_refused_password_is_hashed_once(player, settings, username):
    """For an account (its password checked) and a made-up name (a password hashed, so
    that both take as long): ``ModelBackend``, listed after the reader's, checks
    nothing again."""
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    player.set_password(PASSWORD)
    player.save()
    CountingHasher.hashed = 0
    response = Client().post("/accounts/login/", {"username": username, "password": "wrong"})
    assert response.status_code == 200  # the form again
    assert CountingHasher.hashed == 1


def test_the_async_lookup_is_the_same(player):
    backend = ReaderBackend()
    assert async_to_sync(backend.aget_user)(player.pk) == player
    player.is_active = False
    player.save(update_fields=["is_active"])
    assert async_to_sync(backend.aget_user)(player.pk) is None
