"""The API's rate limits (a DRF throttle), answered with 429 and ``Retry-After``.

Scopes, each a rate in ``API_THROTTLE_RATES`` (README, "The API"):
- ``anon``: every request of someone not logged in, per address;
- ``user``: every request of a logged-in person, per account (all their tokens and
  sessions together);
- ``writes``: every POST, PUT, PATCH and DELETE, per account or, not logged in, per
  address;
- ``bot_registration``, ``batch_scheduling``: the POST of a view naming that
  ``throttle_scope`` (registering a bot, scheduling a batch), per account;
- ``signup``: the accounts the sign-up page makes, per address.

A new account (``accounts.newcomers``) counts in each scope twice: as itself, and with
every new account's requests from the same address (``idents_of``).

Each scope counts a request as DRF's ``SimpleRateThrottle`` does (the times of the
requests within the rate's window; a request over the rate is refused and not counted),
and every scope that applies to a request is counted in one call of the shared
``limits`` cache (``lib.limits_cache``: one round trip to Redis when the broker is
Redis, so every process of the site shares the counts). Rates are read at each request,
so a test may set them. The pages that register a bot and schedule a batch count
against the same scopes (``refused_on_page``)."""

import time
from math import ceil

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import ngettext
from rest_framework.throttling import BaseThrottle

from lib.client_address import client_address, is_new_account

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
PER_ADDRESS = {"signup"}


def parse_rate(rate: str) -> tuple[int, int]:
    """``120/min``: (120 requests, in 60 seconds), as DRF reads it."""
    count, _, unit = rate.partition("/")
    return int(count), SECONDS[unit[0]]


def scopes_of(request, view) -> list[str]:
    scopes = ["user" if request.user.is_authenticated else "anon"]
    if request.method not in SAFE_METHODS:
        scopes.append("writes")
    scope = getattr(view, "throttle_scope", None)
    if scope is not None and request.method == "POST":
        scopes.append(scope)
    return scopes


def idents_of(request, scope: str) -> list[str]:
    """Whom a request counts against: its account, or its address when not logged in
    or the scope counts addresses (``signup``: a signed-in person making accounts counts
    with their address too); a new account (``accounts.newcomers``) also against every
    new account's requests from the same address, so that free accounts do not multiply
    a limit."""
    user = request.user
    if not user.is_authenticated or scope in PER_ADDRESS:
        return [f"address-{client_address(request)}"]
    if is_new_account(user):
        return [f"user-{user.pk}", f"newcomers-{client_address(request)}"]
    return [f"user-{user.pk}"]


def waits_of_refused(request, scopes: list[str]) -> list[float | None]:
    """Count the request in each scope that does not refuse it; for each that does, how
    long until it would be let through (None: not foreseeable)."""
    rates = settings.API_THROTTLE_RATES
    windows = [
        (f"limit_{scope}_{ident}", *parse_rate(rates[scope]))
        for scope in scopes
        for ident in idents_of(request, scope)
    ]
    now = time.time()
    # A cache of lib.limits_cache (settings.CACHES): the stubs know a BaseCache only.
    counted = caches["limits"].hits(windows, now)  # type: ignore[attr-defined]
    refused = []
    for (_key, allowed, duration), (count, oldest) in zip(windows, counted, strict=True):
        if count >= allowed:
            remaining = duration - (now - oldest) if count else duration
            available = allowed - count + 1
            refused.append(remaining / available if available > 0 else None)
    return refused


class LimitsThrottle(BaseThrottle):
    """Every scope that applies to the request, counted in one call."""

    def allow_request(self, request, view):
        self.waits = waits_of_refused(request, scopes_of(request, view))
        return not self.waits

    def wait(self):
        return max((wait for wait in self.waits if wait is not None), default=None)


def refused_on_page(request, scope: str) -> str | None:
    """The same limit on a page's form (registering a bot, scheduling a batch): why the
    POST is refused, or None when it may go on."""
    if request.method != "POST":
        return None
    waits = waits_of_refused(request, [scope])
    if not waits:
        return None
    seconds = max(1, ceil(waits[0] or 1))
    return ngettext(
        "You have done this too often just now: try again in %(seconds)d second.",
        "You have done this too often just now: try again in %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}
