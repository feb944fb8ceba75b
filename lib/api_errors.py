"""The API's one adapter for refusals (the pages' is ``lib.refusal_pages``): a
``Refusal`` becomes a JSON answer ``{"detail", "code", "field"?, "error"?}`` with its
status (400, 409 for a conflict, 413 for too large); a permission refusal keeps its
reason (403); everything else goes to DRF's own handler. Views and serializers just call
the service and let its refusal rise."""

from django.core.exceptions import PermissionDenied
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from lib.refusal import Refusal, attempted


def exception_handler(exc, context):
    if isinstance(exc, Refusal):
        return Response(exc.as_json(), status=exc.http_status)
    if isinstance(exc, PermissionDenied) and str(exc):
        return Response({"detail": str(exc)}, status=403)
    return drf_exception_handler(exc, context)


def field_checked(check, value):
    """A serializer's ``validate_<field>``: the check's refusal is DRF's error for that
    field, its code kept, so that every bad field of a body is named in one answer."""
    checked = attempted(check, value)
    if not checked:
        refusal = checked.refusal
        raise serializers.ValidationError(str(refusal.message), code=refusal.code)
    return checked.answer
