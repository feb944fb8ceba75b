"""Whose request this is: the client's address, read from the one header the trusted
proxy sets (``CLIENT_ADDRESS_HEADER``), else from the connection.

Behind a TLS-terminating proxy every request comes from the proxy's own address, so
the lockout, the API's throttles and the long-polls' caps would count everyone as one
person. The proxy names the client in a header; only that header is read, and only
when the settings name it (a header any client can send is trusted from no one else).
``X-Forwarded-For`` may arrive with entries the client made up in front: the proxy
appends the address it saw, so the last entry is the one read."""

from ipaddress import ip_address

from django.conf import settings


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
