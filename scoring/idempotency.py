"""Idempotency keys for API writes (as pretix does): a client retrying a request with
the same ``Idempotency-Key`` gets the stored answer instead of doing the work twice."""

from functools import wraps

from django.db import IntegrityError, transaction
from rest_framework.response import Response

from scoring.models import IdempotentResponse

HEADER = "Idempotency-Key"


def idempotent(view):
    """Wrap a DRF view: replay the stored answer to a key already used by this user."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.headers.get(HEADER, "").strip()
        if not key or not request.user.is_authenticated:
            return view(request, *args, **kwargs)
        if len(key) > 200:
            return Response({"detail": f"{HEADER} may be at most 200 characters."}, status=400)
        stored = IdempotentResponse.objects.filter(user=request.user, key=key).first()
        if stored is not None:
            if stored.path != request.path:
                return Response(
                    {"detail": f"This {HEADER} was already used for another request."},
                    status=422,
                )
            response = Response(stored.body, status=stored.status_code)
            response["Idempotent-Replayed"] = "true"
            return response
        response = view(request, *args, **kwargs)
        if response.status_code < 500:
            try:
                with transaction.atomic():
                    IdempotentResponse.objects.create(
                        user=request.user,
                        key=key,
                        path=request.path,
                        status_code=response.status_code,
                        body=response.data,
                    )
            except IntegrityError:
                pass  # a concurrent retry stored its answer first; both answers stand
        return response

    return wrapper
