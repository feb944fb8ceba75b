"""Sessions are kept in the database and read through the cache every process shares
(``SESSION_ENGINE`` cached_db on the ``sessions`` cache: Redis beside PostgreSQL): a
signed-in reader's page costs no query for the session, and logging out ends the
session wherever its cookie is used, since the cache is shared."""

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def same_cookie(client: Client) -> Client:
    """Another browser holding ``client``'s session cookie (another tab, another
    server process)."""
    other = Client()
    name = settings.SESSION_COOKIE_NAME
    other.cookies[name] = client.cookies[name].value
    return other


def test_a_signed_in_page_reads_no_session_from_the_database(player):
    client = signed_in(player)
    client.get("/")
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/").content.decode()
    assert "Log out" in page  # signed in
    assert not [q for q in queries.captured_queries if "django_session" in q["sql"]]


def test_logging_out_ends_the_session_for_every_copy_of_its_cookie(player):
    client = signed_in(player)
    other = same_cookie(client)
    assert "Log out" in other.get("/").content.decode()

    client.post("/accounts/logout/")

    page = other.get("/").content.decode()
    assert "Log out" not in page and "Log in" in page
