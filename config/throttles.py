"""The API's rate limits (DRF throttles), answered with 429 and ``Retry-After``.

Scopes, each a rate in ``API_THROTTLE_RATES`` (README, "The API"):
- ``anon``: every request of someone not logged in, per address;
- ``user``: every request of a logged-in person, per account (all their tokens and
  sessions together);
- ``writes``: every POST, PUT, PATCH and DELETE, per account or, not logged in, per
  address;
- ``bot_registration``, ``batch_scheduling``: the POST of a view naming that
  ``throttle_scope`` (registering a bot, scheduling a batch), per account.

Counts live in the ``limits`` cache (Redis when the broker is Redis), so every process
of the site shares them. Rates are read at each request, so a test may set them. The
pages that register a bot and schedule a batch count against the same scopes
(``refused_on_page``)."""

from math import ceil
from types import SimpleNamespace

from django.conf import settings
from django.core.cache import caches
from django.utils.translation import ngettext
from rest_framework.throttling import SimpleRateThrottle

from config.client_address import client_address

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


class LimitThrottle(SimpleRateThrottle):
    """A scope's rate from the settings, counted in the shared ``limits`` cache, per
    account or per client address (``config.client_address``)."""

    @property
    def cache(self):
        return caches["limits"]

    def get_rate(self):
        return settings.API_THROTTLE_RATES[self.scope]

    def get_ident(self, request):
        return client_address(request)

    def key_for(self, request) -> str:
        user = request.user
        ident = f"user-{user.pk}" if user.is_authenticated else f"address-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class AnonThrottle(LimitThrottle):
    scope = "anon"

    def get_cache_key(self, request, _view):
        return None if request.user.is_authenticated else self.key_for(request)


class UserThrottle(LimitThrottle):
    scope = "user"

    def get_cache_key(self, request, _view):
        return self.key_for(request) if request.user.is_authenticated else None


class WriteThrottle(LimitThrottle):
    scope = "writes"

    def get_cache_key(self, request, _view):
        return None if request.method in SAFE_METHODS else self.key_for(request)


class ScopedWriteThrottle(LimitThrottle):
    """The POST of a view that names a ``throttle_scope``: what it creates is dear
    (a bot, a batch of games)."""

    scope = "bot_registration"  # any known scope: the view's is taken at each request

    def allow_request(self, request, view):
        scope = getattr(view, "throttle_scope", None)
        if scope is None or request.method != "POST":
            return True
        self.scope = scope
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request, _view):
        return self.key_for(request)


def refused_on_page(request, scope: str) -> str | None:
    """The same limit on a page's form (registering a bot, scheduling a batch): why the
    POST is refused, or None when it may go on."""
    throttle = ScopedWriteThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    seconds = max(1, ceil(throttle.wait() or 1))
    return ngettext(
        "You have done this too often just now: try again in %(seconds)d second.",
        "You have done this too often just now: try again in %(seconds)d seconds.",
        seconds,
    ) % {"seconds": seconds}
