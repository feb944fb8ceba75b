"""``manage.py check --deploy`` warns about every setting whose default is safe for
``bin/run`` and unsafe in production (issue 40, item 7; lib.deploy_checks): SQLite,
limits counted per process, a proxy without the client's address header, SITE_URL
left at localhost. With the production variables it is clean (test_settings)."""

import os
import subprocess
import sys
from types import SimpleNamespace

import pytest
from django.core import checks

from lib.deploy_checks import warnings_for
from tests.site.test_settings import PRODUCTION, ROOT

REDIS = {"BACKEND": "lib.limits_cache.LimitsCache", "LOCATION": "redis://r:6379/0"}
LOCAL = {"BACKEND": "lib.limits_cache.LocalLimitsCache"}
POSTGRES = {"ENGINE": "django.db.backends.postgresql", "NAME": "leaguewright"}


@pytest.fixture
def production():
    return SimpleNamespace(
        DATABASES={"default": POSTGRES},
        CACHES={"limits": REDIS},
        SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
        CLIENT_ADDRESS_HEADER="X-Forwarded-For",
        SITE_URL="https://leagues.example.org",
    )


def test_a_production_configuration_is_clean(production):
    assert warnings_for(production) == []


def test_each_unsafe_default_is_named(production):
    def ids():
        return [warning.id for warning in warnings_for(production)]

    production.DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "x"}}
    assert ids() == ["leaguewright.W001"]
    production.DATABASES = {"default": POSTGRES}
    production.CACHES = {**production.CACHES, "limits": LOCAL}
    assert ids() == ["leaguewright.W002"]
    production.CACHES = {**production.CACHES, "limits": REDIS}
    production.CLIENT_ADDRESS_HEADER = ""
    assert ids() == ["leaguewright.W003"]
    production.CLIENT_ADDRESS_HEADER = "X-Real-IP"
    production.SITE_URL = "http://localhost:8000"
    assert ids() == ["leaguewright.W004"]
    assert all(isinstance(warning, checks.Warning) for warning in warnings_for(production))


def test_the_deploy_check_says_them_on_the_defaults():
    defaults = ("DATABASE_URL", "CELERY_BROKER_URL", "SITE_URL", "CLIENT_ADDRESS_HEADER")
    env = {
        **{key: value for key, value in os.environ.items() if key not in defaults},
        **{key: value for key, value in PRODUCTION.items() if key not in defaults},
        "SECURE_PROXY_SSL_HEADER": "true",
        "SECURE_SSL_REDIRECT": "true",
        "SECURE_COOKIES": "true",
        "STATIC_MANIFEST": "true",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    for warning in ("W001", "W002", "W003", "W004"):
        assert f"leaguewright.{warning}" in done.stderr
