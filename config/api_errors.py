"""The API's one exception handler: a ``Refusal`` becomes a JSON answer (400, or 409 for a
conflict); a permission refusal keeps its reason (403); everything else goes to DRF's
own handler."""

from django.core.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from refusal import Refusal


def exception_handler(exc, context):
    if isinstance(exc, Refusal):
        return Response(exc.as_json(), status=exc.http_status)
    if isinstance(exc, PermissionDenied) and str(exc):
        return Response({"detail": str(exc)}, status=403)
    return drf_exception_handler(exc, context)
