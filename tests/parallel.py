"""Run by ``bin/test`` (``-p tests.parallel -n N``): each pytest-xdist worker gets its
own var directory (its SQLite test database, filesystem broker and outbox; under
``LEAGUEWRIGHT_VAR_DIR`` when it is set, else ``var/test``) and its own
Redis database (its broker queues, its Celery control channel and its shared counters),
so no worker takes, purges or counts another's work. pytest-django already gives each
worker its own test database.

It must run before pytest-django reads the settings, which read the environment once:
hence a plugin named on the command line, not a conftest (loaded too late).
"""

import os
import re

import pytest

REDIS_URL = re.compile(r"(?P<base>rediss?://[^/]+)/(?P<db>\d+)$")
REDIS_DATABASES = 16


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    number = int(worker.removeprefix("gw"))
    given = os.environ.get("LEAGUEWRIGHT_VAR_DIR", "var/test")  # two runs at once: give each one
    os.environ["LEAGUEWRIGHT_VAR_DIR"] = f"{given}/{worker}"
    match = REDIS_URL.match(os.environ.get("CELERY_BROKER_URL", ""))
    if match:
        db = (int(match["db"]) - number) % REDIS_DATABASES
        os.environ["CELERY_BROKER_URL"] = f"{match['base']}/{db}"
