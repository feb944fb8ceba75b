"""``/healthz``: is the database up, does the broker answer, which workers reply (their
host names to staff only: others learn how many), as JSON for monitors; ``/status/``
says the same to people."""

from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render

from config.celery import app


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as exc:  # noqa: BLE001 - any failure means "down", reported as text
        return f"error: {exc.__class__.__name__}"


def broker_status() -> str:
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return "ok"
    except Exception as exc:  # noqa: BLE001
        return f"error: {exc.__class__.__name__}"


def worker_names(timeout: float = 1.0) -> list[str]:
    try:
        replies = app.control.ping(timeout=timeout) or []
    except Exception:  # noqa: BLE001 - no broker means no workers to report
        return []
    return sorted(name for reply in replies for name in reply)


def health(user) -> dict:
    database = database_status()
    broker = broker_status()
    workers = worker_names() if broker == "ok" else []
    healthy = database == "ok" and broker == "ok"
    answer: dict[str, object] = {
        "status": "ok" if healthy else "error",
        "database": database,
        "broker": broker,
        "worker_count": len(workers),
    }
    if user.is_staff:  # an anonymous visitor's is_staff is False
        answer["workers"] = workers
    return answer


def healthz(request):
    answer = health(request.user)
    return JsonResponse(answer, status=200 if answer["status"] == "ok" else 503)


def status_page(request):
    """``/status/``: the same, in words, for people (the footer's "Status")."""
    answer = health(request.user)
    status = 200 if answer["status"] == "ok" else 503
    context = {
        "health": answer,
        "healthy": answer["status"] == "ok",
        "database_ok": answer["database"] == "ok",
        "broker_ok": answer["broker"] == "ok",
    }
    return render(request, "status.html", context, status=status)
