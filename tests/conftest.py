from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation

from integrations.hook_presence import next_generation
from lib.var_folders import make_var_folders
from tests.fixtures.asgi import streams  # noqa: F401
from tests.fixtures.browser import (  # noqa: F401
    OPEN_PAGES,
    _live_server_streams_ended,
    browser,
    browser_language,
    described,
    laptop_page,
    phone_page,
    second_phone,
)
from tests.fixtures.limits import _limits_of_this_session, fresh_limits  # noqa: F401
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
from tests.fixtures.push_pages import page_as, push_server  # noqa: F401
from tests.fixtures.tasks import tasks_sent  # noqa: F401
from tests.fixtures.test_database import (  # noqa: F401
    commits_without_waiting,
    django_db_setup,
    use_deleting_flush,
)
from tests.fixtures.worker import (  # noqa: F401
    _worker_idle_before_the_flush,
    celery_worker,
    celery_worker_process,
    worker_paused,
)


def pytest_configure(config):
    """The var folders of this run (each xdist worker has its own, ``tests.parallel``),
    as the programs that start the site make them: the settings make none. A
    transactional test's flush deletes rows, and PostgreSQL's commits do not wait for the
    disk (``tests.fixtures.test_database``)."""
    make_var_folders()
    use_deleting_flush()
    commits_without_waiting()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report shows where each of its pages was and what it
    showed: a timeout alone does not say what the page showed instead."""
    report = yield
    if report.when == "call" and report.failed:
        for number, page in enumerate(OPEN_PAGES, start=1):
            report.sections.append((f"page {number} when the test failed", described(page)))
    return report


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Real hashing costs a third of a second per persona; tests need none of it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def hooks_asked_afresh():
    """A test database's rollback deletes hooks behind ``integrations.hook_presence``'s
    back, and the next test's ids repeat: each test starts a generation of its own."""
    next_generation()


DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "live_server"}


def backend_free(item) -> bool:
    """A test that touches neither the database nor the worker nor a browser's server: it
    cannot tell the two backends apart (pytest-django refuses a database access it did
    not ask for; a test that starts a process gives it its own environment)."""
    return (
        item.get_closest_marker("django_db") is None
        and item.get_closest_marker("worker") is None
        and item.get_closest_marker("browser") is None
        and not DATABASE_FIXTURES & set(item.fixturenames)
    )


def pytest_collection_modifyitems(config, items):
    """Tests marked ``postgres`` are about PostgreSQL's row locks (SQLite has only one
    lock for the whole database) or about hosts sharing PostgreSQL and Redis
    (``tests/site/test_two_hosts.py``): the PostgreSQL pass runs them, the embedded pass
    deselects them and says so. Tests that touch no backend, or whose outcome no
    backend can change (``same_on_every_backend``), are marked ``backend_free``:
    bin/test's second pass leaves them out (``-m "not backend_free"``), since the
    first pass ran them."""
    for item in items:
        if backend_free(item) or item.get_closest_marker("same_on_every_backend"):
            item.add_marker(pytest.mark.backend_free)
    if "postgresql" in settings.DATABASES["default"]["ENGINE"]:
        return
    chosen = [item for item in items if item.get_closest_marker("postgres") is None]
    left_out = [item for item in items if item.get_closest_marker("postgres") is not None]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = chosen


@pytest.fixture(autouse=True)
def english_unless_asked():
    """A request leaves its language active in the thread (as in a server, where the next
    request sets its own); code a test calls directly speaks the site's default."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues():
    """The .mo files are built, never committed: compile the .po files that changed."""
    if not any(Path(folder).is_dir() for folder in settings.LOCALE_PATHS):
        return
    call_command(
        "compilemessages", ignore_patterns=[".venv", "var", ".git", "test-artifacts"], verbosity=0
    )
