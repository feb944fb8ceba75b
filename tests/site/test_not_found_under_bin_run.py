"""Under ``bin/run`` (``DEBUG`` on) an unknown address answers with the site's own 404
page, not Django's technical page listing every URL pattern; the footer's Status is a
page in words (``/healthz`` stays JSON for monitors)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_debug_settings_put_the_sites_404_in_place():
    env = {**os.environ, "DEBUG": "true"}
    code = (
        "from config import settings; "
        "print('config.errors.SiteNotFoundMiddleware' in settings.MIDDLEWARE)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "True"


@pytest.fixture
def debug_mode(settings):
    settings.DEBUG = True
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "config.errors.SiteNotFoundMiddleware"]


def test_an_unknown_address_gets_the_sites_404_page(client, debug_mode):
    for address in ("/events/no-such-event/", "/no/such/page/"):
        response = client.get(address)
        page = response.content.decode()
        assert response.status_code == 404
        assert "URLconf" not in page and "Leaguewright" in page and "<footer" in page
    assert client.get("/bots").status_code == 301  # a missing slash is still added


def test_the_footer_status_is_a_page_in_words(client):
    home = client.get("/").content.decode()
    assert 'href="/status/"' in home and 'href="/healthz"' not in home
    page = client.get("/status/").content.decode()
    assert "Database" in page and "working" in page and "{" not in page.split("<main")[1]
    assert client.get("/healthz").json()["database"] == "ok"
