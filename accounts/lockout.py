"""Brute force: django-axes counts failed logins, on the login page and at
``/api/token/`` alike, per account at an address and per address
(``AXES_LOCKOUT_PARAMETERS``). After ``LOGIN_FAILURE_LIMIT`` failures for one account
from one address, that account is refused from that address, and after
``LOGIN_ADDRESS_FAILURE_LIMIT`` failures from one address (any accounts, made-up ones
too) that address is refused, each for ``LOGIN_COOLOFF_MINUTES``: a stranger guessing
at ann's account, or at made-up names, never locks ann out of her own. The address is
the client's (``lib.client_address``), not the proxy's. The refused get 429 with
``Retry-After``, JSON on the API and a page elsewhere.

Axes stores the name tried in a column of 255 characters and clips nothing: a longer
name was a 500 on PostgreSQL from any login path that reached ``authenticate()``.
``attempted_username`` (``AXES_USERNAME_CALLABLE``) clips it; no account has such a
name, and the attempt still counts for its address."""

from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def attempted_username(request, credentials=None) -> str | None:
    """The name a login tried, as axes keeps it: at most its column's length."""
    if credentials:
        name = credentials.get("username")
    else:
        name = getattr(request, "data", request.POST).get("username")
    if not isinstance(name, str):
        return name
    return name[: AccessAttempt._meta.get_field("username").max_length]


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


class LockoutHandler(AxesDatabaseHandler):
    """Axes' database handler with a cap of its own for the address: its failures
    reach the lockout only at ``LOGIN_ADDRESS_FAILURE_LIMIT``."""

    def get_failures(self, request, credentials=None) -> int:
        account_here, address = (
            attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(account_here, settings.AXES_FAILURE_LIMIT)
        return account_here

    def reset_user_attempts(self, request, credentials=None) -> int:
        """A login with the right password forgets that account's failures at that
        address only: the address's failures for other names still count, or one
        account of their own would let a guesser start the address's count again."""
        account_here = self.filter_user_attempts(request, credentials)[0]
        count, _ = account_here.delete()
        return count
