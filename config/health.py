"""``/healthz``: is the database up, does the broker answer, which workers reply (their
host names to staff only: others learn how many)."""

from django.db import connection
from django.http import JsonResponse

from config.celery import app
from tournaments.permissions import is_staff


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


def healthz(request):
    database = database_status()
    broker = broker_status()
    workers = worker_names() if broker == "ok" else []
    healthy = database == "ok" and broker == "ok"
    answer = {
        "status": "ok" if healthy else "error",
        "database": database,
        "broker": broker,
        "worker_count": len(workers),
    }
    if is_staff(request.user):
        answer["workers"] = workers
    return JsonResponse(answer, status=200 if healthy else 503)
