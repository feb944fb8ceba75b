"""Whose request this is: the client's address, read from the one header the trusted
proxy sets (``CLIENT_ADDRESS_HEADER``), else from the connection.

Behind a TLS-terminating proxy every request comes from the proxy's own address, so
the lockout, the API's throttles and the long-polls' caps would count everyone as one
person. The proxy names the client in a header; only that header is read, and only
when the settings name it (a header any client can send is trusted from no one else).
``X-Forwarded-For`` may arrive with entries the client made up in front: the proxy
appends the address it saw, so the last entry is the one read.

A new account (``is_new_account``: signed up on the sign-up page within
``NEW_ACCOUNT_DAYS``) is counted by its address as well as by itself, so that free
accounts do not multiply a person's limits (``accounts.newcomers``)."""

from datetime import timedelta
from ipaddress import ip_address

from django.conf import settings
from django.utils import timezone


def client_address(request) -> str:
    header = settings.CLIENT_ADDRESS_HEADER
    if header:
        sent = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
        candidate = sent.rsplit(",", 1)[-1].strip()
        if is_address(candidate):
            return candidate
    return request.META.get("REMOTE_ADDR", "")


def is_address(text: str) -> bool:
    try:
        ip_address(text)
    except ValueError:
        return False
    return True


def new_since():
    """Accounts that joined after this are new."""
    return timezone.now() - timedelta(days=settings.NEW_ACCOUNT_DAYS)


def is_new_account(user) -> bool:
    """Signed up on the sign-up page (which keeps the address) within
    ``NEW_ACCOUNT_DAYS``; accounts made by staff, a command or the demo never are."""
    return (
        user.is_authenticated
        and getattr(user, "signed_up_from", None) is not None
        and user.date_joined > new_since()
    )
