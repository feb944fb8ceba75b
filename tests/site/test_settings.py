import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.env import ImproperlyConfiguredValue, env_bool, env_int, env_list

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789-qwerty-uiop",
    "ALLOWED_HOSTS": "leagues.example.org",
    # Named, not inherited from the test pass: the check is the same on either pass.
    "DATABASE_URL": "postgres://leaguewright@db.example.org:5432/leaguewright",
    "CELERY_BROKER_URL": "redis://redis.example.org:6379/0",
}


def test_a_boolean_setting_reads_true_and_false_words(monkeypatch):
    monkeypatch.setenv("FLAG", "yes")
    assert env_bool("FLAG") is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", default=True) is False


def test_a_boolean_setting_refuses_a_typo(monkeypatch):
    monkeypatch.setenv("FLAG", "ture")
    with pytest.raises(ImproperlyConfiguredValue, match="FLAG='ture' is not a boolean"):
        env_bool("FLAG")


def test_a_number_setting_refuses_words(monkeypatch):
    monkeypatch.setenv("COUNT", "ten")
    with pytest.raises(ImproperlyConfiguredValue, match="not a whole number"):
        env_int("COUNT", 1)


def test_a_list_setting_splits_on_commas(monkeypatch):
    monkeypatch.setenv("HOSTS", "a.example, b.example,")
    assert env_list("HOSTS") == ["a.example", "b.example"]


def manage(*args, env):
    dropped = ("DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={
            **clean,
            "STATIC_MANIFEST": "true",
            "SECURE_SSL_REDIRECT": "true",
            "SECURE_COOKIES": "true",
            "SECURE_HSTS_SECONDS": "31536000",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deploy_check_is_clean_with_production_variables():
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key():
    done = manage("check", env={"DEBUG": "false", "ALLOWED_HOSTS": "x.example"})
    assert done.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in done.stderr
