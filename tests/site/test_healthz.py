import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASK_HEALTHZ = (
    "import django, json; django.setup(); from django.test import Client; "
    "r = Client().get('/healthz'); print(json.dumps([r.status_code, r.json()]))"
)


@pytest.mark.django_db
def test_healthz_is_200_when_the_database_and_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_healthz_is_503_when_the_broker_does_not_answer(tmp_path):
    """A site process whose broker is down (its own process: Celery keeps connection
    pools that a test should not poison)."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "CELERY_BROKER_URL": "redis://127.0.0.1:1/0",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'health.sqlite3'}",
        "ALLOWED_HOSTS": "testserver",
    }
    done = subprocess.run(
        [sys.executable, "-c", ASK_HEALTHZ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    status, data = json.loads(done.stdout.strip().splitlines()[-1])
    assert status == 503
    assert data["database"] == "ok"
    assert data["broker"].startswith("error")
    assert data["worker_count"] == 0 and "workers" not in data
