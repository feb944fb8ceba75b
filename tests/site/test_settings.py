import os
import subprocess
import sys
from pathlib import Path

import pytest

from lib.env import ImproperlyConfiguredValue, env_bool, env_int, env_list

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789-qwerty-uiop",
    "ALLOWED_HOSTS": "leagues.example.org",
    "SITE_URL": "https://leagues.example.org",
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


def test_production_refuses_to_start_without_the_sites_address():
    unset = {k: v for k, v in PRODUCTION.items() if k != "SITE_URL"}
    done = manage("check", env={**unset, "SITE_URL": ""})
    assert done.returncode != 0
    assert "SITE_URL is not set" in done.stderr
    assert manage("check", env={**unset, "DEBUG": "true", "SITE_URL": ""}).returncode == 0


def site_address(**env) -> str:
    """bin/run's address for the links in its e-mails, with ``env`` set."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LEAGUEWRIGHT_")}
    done = subprocess.run(
        ["bash", "-c", ". bin/_common.sh && site_address"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_bin_run_links_its_e_mails_to_where_it_listens():
    assert site_address() == "http://127.0.0.1:8000"
    assert site_address(LEAGUEWRIGHT_PORT="8311") == "http://127.0.0.1:8311"
    everywhere = site_address(LEAGUEWRIGHT_HOST="0.0.0.0", LEAGUEWRIGHT_PORT="8311")
    assert everywhere.endswith(":8311") and "0.0.0.0" not in everywhere
    assert "site_address" in (ROOT / "bin" / "run").read_text()
