import pytest

from tests.fixtures.browser import browser, phone_page  # noqa: F401
from tests.fixtures.personas import (  # noqa: F401
    anonymous,
    client_for,
    event,
    league,
    organiser,
    other_player,
    outsider,
    player,
    staff,
    table,
)
from tests.fixtures.worker import celery_worker  # noqa: F401


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Real hashing costs a third of a second per persona; tests need none of it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
