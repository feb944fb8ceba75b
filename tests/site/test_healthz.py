import pytest

from config.celery import app

pytestmark = pytest.mark.django_db


def test_healthz_is_200_when_the_database_and_broker_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_healthz_is_503_when_the_broker_does_not_answer(client, monkeypatch):
    unreachable = "redis://127.0.0.1:1/0"
    monkeypatch.setenv("CELERY_BROKER_URL", unreachable)  # Celery reads it before its conf
    monkeypatch.setattr(app.conf, "broker_url", unreachable)
    response = client.get("/healthz")
    assert response.status_code == 503
    data = response.json()
    assert data["broker"].startswith("error")
    assert data["workers"] == []
