"""Idempotency keys for API writes (as pretix's ``api/middleware.py`` does): a client
retrying a write with the same ``Idempotency-Key`` gets the stored answer instead of
doing the work twice.

A key belongs to its user and is bound to the request's method, path and data (a
fingerprint): the same key on another request is refused with 422. The key's row is
created (committed, empty) before the view runs; then one transaction takes the row's
lock, runs the view and stores its answer, so the write and the answer commit together:
a process that dies between them leaves neither, and a retry runs once. A key whose
answer is stored is replayed from a plain read, without the lock, so any number of
replays at once all get it; while one request holds the row's lock and no answer is
stored, another with the same key gets 409 ("under way") at once.
Answers of 409, 429 and 5xx are not stored (the state may change; retrying may succeed),
nor are refusals raised as exceptions: the row stays empty and a retry runs again. Safe
methods (GET) ignore the key. Keys expire after ``IDEMPOTENCY_KEY_HOURS`` (24)."""

import hashlib
import json
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.db import OperationalError, transaction
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.response import Response

from scoring.models import IdempotentResponse

HEADER = "Idempotency-Key"
NAMED = {"header": HEADER}
MAX_KEY_LENGTH = 200
NOT_STORED = {409, 429}

# The header in the OpenAPI schema of every view wrapped by ``idempotent``.
IDEMPOTENCY = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Send the same key when retrying: the stored answer is replayed.",
)


def _uploaded(file) -> list:
    file.seek(0)
    digest = hashlib.file_digest(file, "sha256").hexdigest()
    file.seek(0)
    return [file.name, digest]


def fingerprint(request) -> str:
    """SHA-256 of the method, path and the parsed data. The data, not the body's bytes:
    a multipart body is read once, by the session's CSRF check, before the view."""
    data = request.data
    if isinstance(data, QueryDict):
        data = {name: data.getlist(name) for name in sorted(data)}
    canonical = json.dumps(
        [request.method, request.path, data], sort_keys=True, default=_uploaded
    ).encode()
    return hashlib.sha256(canonical).hexdigest()


def _expire(user) -> None:
    expired = timezone.now() - timedelta(hours=settings.IDEMPOTENCY_KEY_HOURS)
    IdempotentResponse.objects.filter(user=user, created_at__lt=expired).delete()


def _ensure_row(request, key: str, fingerprint: str) -> None:
    """The key's row exists (committed, so that a concurrent request finds it to lock)."""
    IdempotentResponse.objects.bulk_create(
        [
            IdempotentResponse(
                user=request.user,
                key=key,
                method=request.method,
                path=request.path,
                fingerprint=fingerprint,
            )
        ],
        ignore_conflicts=True,
    )


def _mismatch(row: IdempotentResponse, request, fingerprint: str) -> Response | None:
    if (row.method, row.path) != (request.method, request.path):
        return Response(
            {"detail": _("This %(header)s was already used for another request.") % NAMED},
            status=422,
        )
    if row.fingerprint != fingerprint:
        return Response(
            {"detail": _("This %(header)s was already used with a different body.") % NAMED},
            status=422,
        )
    return None


def _stored_answer(request, key: str, digest: str) -> Response | None:
    """The key's stored answer (or its 422 for another request), read without the row's
    lock: a finished key's row no longer changes. None while no answer is stored."""
    row = IdempotentResponse.objects.filter(user=request.user, key=key).first()
    if row is None or row.status_code is None:
        return None
    return _mismatch(row, request, digest) or _replayed(row)


def _replayed(row: IdempotentResponse) -> Response:
    response = Response(row.body, status=row.status_code)
    response["Idempotent-Replayed"] = "true"
    return response


class _Taken(Exception):
    """Another request with the key holds its row."""


def _run_once(view, request, key: str, digest: str, *args, **kwargs) -> Response:
    with transaction.atomic():
        rows = IdempotentResponse.objects.filter(user=request.user, key=key)
        try:
            row = rows.select_for_update(nowait=True).first()
        except OperationalError:
            raise _Taken from None
        if row is None:  # expired and deleted by a concurrent request just now
            raise _Taken
        refused = _mismatch(row, request, digest)
        if refused is not None:
            return refused
        if row.status_code is not None:
            return _replayed(row)
        response = view(request, *args, **kwargs)
        if response.status_code not in NOT_STORED and response.status_code < 500:
            row.status_code, row.body = response.status_code, response.data
            row.save(update_fields=["status_code", "body"])
        return response


def idempotent(view):
    """Wrap a DRF view: the first write with a key runs and its answer is stored in the
    write's transaction; a retry gets that answer (the module's docstring has the rules)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get(HEADER, "").strip()
        if not key or not request.user.is_authenticated or request.method in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        if len(key) > MAX_KEY_LENGTH:
            return Response(
                {
                    "detail": _("%(header)s may be at most %(n)d characters.")
                    % {**NAMED, "n": MAX_KEY_LENGTH}
                },
                status=400,
            )
        digest = fingerprint(request)
        _expire(request.user)
        stored = _stored_answer(request, key, digest)
        if stored is not None:
            return stored
        _ensure_row(request, key, digest)
        try:
            return _run_once(view, request, key, digest, *args, **kwargs)
        except _Taken:  # the lock's holder may have stored the answer since
            stored = _stored_answer(request, key, digest)
            if stored is not None:
                return stored
            return Response(
                {"detail": _("A request with this %(header)s is under way; retry later.") % NAMED},
                status=409,
            )

    return wrapper
