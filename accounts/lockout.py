"""Brute force: django-axes counts failed logins, on the login page and at
``/api/token/`` alike, per account and per address (``AXES_LOCKOUT_PARAMETERS``); after
``LOGIN_FAILURE_LIMIT`` failures that account, or that address, is refused for
``LOGIN_COOLOFF_MINUTES``. This is the answer it gets: 429 with ``Retry-After``, JSON on
the API and a page elsewhere."""

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def locked_out(request, _original_response=None, _credentials=None):
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    minutes = max(1, round(seconds / 60))
    message = _(
        "Too many failed logins for this account or from this address. "
        "Try again in %(minutes)d minutes."
    ) % {"minutes": minutes}
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    return response
