"""What is built once per key and kept in Django's cache: one way of caching for every
page and answer that many read at once (a round's page, the event page's shared part,
the home page's lists, the pages' chrome).

A key is a list of everything the value depends on, a version among them when it can
change: a new version is a new key, so nothing is ever invalidated and Django's
per-process cache (``CACHES["default"]``, the local-memory cache) is enough."""

import threading
from contextlib import contextmanager

from django.core.cache import cache

# Long enough to serve a round all evening; a new version is a new key anyway.
CACHE_SECONDS = 60 * 60

_building: dict[str, threading.Lock] = {}
_building_guard = threading.Lock()


@contextmanager
def built_once(key: str):
    """Hold ``key`` while reading or building what it names, so that one thread of the
    process builds it and the others wait for that instead of building it too. A new
    version is missed by every reader at once (the pairings' release): sixteen threads
    each building the same page cost each of them sixteen builds' time."""
    with _building_guard:
        lock = _building.setdefault(key, threading.Lock())
    try:
        with lock:
            yield
    finally:
        with _building_guard:
            if _building.get(key) is lock:
                del _building[key]


def cached_under(parts: list, build):
    """``build()`` once per key: ``parts``, the parts it depends on (a version among
    them): a new version is a new key, so nothing is ever invalidated."""
    key = ":".join(map(str, parts))
    with built_once(key):
        value = cache.get(key)
        if value is None:
            value = build()
            cache.set(key, value, CACHE_SECONDS)
    return value
