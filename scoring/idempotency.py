"""Idempotency keys for API writes (as pretix's ``api/middleware.py`` does): a client
retrying a write with the same ``Idempotency-Key`` gets the stored answer instead of
doing the work twice.

A key belongs to its user and is bound to the request's method, path and body (a
fingerprint): the same key on another request is refused with 422. The key's row is
written (committed, marked *in flight*) before the view runs, so a second request with
the same key while the first runs gets 409 instead of running too. Answers of 409, 429
and 5xx are not stored (the state may change; retrying may succeed), nor are refusals
raised as exceptions: their row is deleted and a retry runs again. Safe methods (GET)
ignore the key. Keys expire after ``IDEMPOTENCY_KEY_HOURS`` (24), and a row left in
flight by a dead process after ``IN_FLIGHT_SECONDS``."""

import hashlib
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.response import Response

from scoring.models import IdempotentResponse

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 200
IN_FLIGHT_SECONDS = 120
NOT_STORED = {409, 429}


def fingerprint(request) -> str:
    digest = hashlib.sha256()
    for part in (request.method.encode(), request.path.encode(), request.body):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


def _expire(user) -> None:
    now = timezone.now()
    expired = now - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
    abandoned = now - timedelta(seconds=IN_FLIGHT_SECONDS)
    IdempotentResponse.objects.filter(user=user, created_at__lt=expired).delete()
    IdempotentResponse.objects.filter(
        user=user, status_code__isnull=True, created_at__lt=abandoned
    ).delete()


def _claim(request, key: str) -> IdempotentResponse | None:
    """The key's new in-flight row (committed, so a concurrent request sees it), or None
    when the key is already taken."""
    try:
        with transaction.atomic():
            return IdempotentResponse.objects.create(
                user=request.user,
                key=key,
                method=request.method,
                path=request.path,
                fingerprint=fingerprint(request),
                status_code=None,
                body=None,
            )
    except IntegrityError:
        return None


def _answer_to_taken_key(request, key: str) -> Response:
    stored = IdempotentResponse.objects.filter(user=request.user, key=key).first()
    if stored is None:  # deleted since (not stored, or expired): the client may retry
        return Response(
            {"detail": f"A request with this {HEADER} has just ended; send it again."},
            status=409,
        )
    if (stored.method, stored.path) != (request.method, request.path):
        return Response(
            {"detail": f"This {HEADER} was already used for another request."}, status=422
        )
    if stored.fingerprint != fingerprint(request):
        return Response(
            {"detail": f"This {HEADER} was already used with a different body."}, status=422
        )
    if stored.status_code is None:
        return Response(
            {"detail": f"A request with this {HEADER} is under way; retry later."}, status=409
        )
    response = Response(stored.body, status=stored.status_code)
    response["Idempotent-Replayed"] = "true"
    return response


def idempotent(view):
    """Wrap a DRF view: the first write with a key runs and its answer is stored; a
    retry gets that answer (see the module's docstring for the rules)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get(HEADER, "").strip()
        if not key or not request.user.is_authenticated or request.method in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        if len(key) > MAX_KEY_LENGTH:
            return Response(
                {"detail": f"{HEADER} may be at most {MAX_KEY_LENGTH} characters."}, status=400
            )
        _expire(request.user)
        row = _claim(request, key)
        if row is None:
            return _answer_to_taken_key(request, key)
        stored = False
        try:
            response = view(request, *args, **kwargs)
            if response.status_code not in NOT_STORED and response.status_code < 500:
                row.status_code, row.body = response.status_code, response.data
                row.save(update_fields=["status_code", "body"])
                stored = True
            return response
        finally:
            if not stored:
                row.delete()

    return wrapper
