"""A round's page, board and API answer, cached under the round's *version*.

The version is a short key of everything those show: the round's ``revision`` (bumped
when it is paired again or its seats are swapped), its clock's revision, its results
(how many, the latest written) and what other apps add with
``register_version_provider`` (scoring: its entries by status). It costs two small
aggregate queries, so a cached answer is never stale and needs no invalidation; the
cache may be per process (Django's default).
"""

import hashlib
import threading
from contextlib import contextmanager

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import HttpResponse
from django.utils.translation import get_language

from tournaments.models import Result, Round

# Long enough to serve a round all evening; a new version is a new key anyway.
CACHE_SECONDS = 60 * 60

_providers = []


def register_version_provider(provider) -> None:
    """``provider(round_)`` returns a tuple that changes whenever what it adds to the
    round's board changes."""
    if provider not in _providers:
        _providers.append(provider)


def round_version(round_: Round) -> str:
    results = Result.objects.filter(table__round=round_).aggregate(
        count=Count("pk"), latest=Max("recorded_at")
    )
    parts = [round_.pk, round_.paired_at, round_.revision, round_.clock_revision]
    parts += [results["count"], results["latest"]]
    for provider in _providers:
        parts.extend(provider(round_))
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def cached(round_: Round, version: str, what: str, build, *variant):
    """``build()`` once per round version (and variant, and language)."""
    return cached_under(["round", what, round_.pk, version, get_language() or "", *variant], build)


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


def cached_under(key: list, build):
    """``build()`` once per ``key`` (a list of the parts it depends on, a version among
    them): a new version is a new key, so nothing is ever invalidated."""
    key = ":".join(map(str, key))
    with built_once(key):
        value = cache.get(key)
        if value is None:
            value = build()
            cache.set(key, value, CACHE_SECONDS)
    return value


def encoded_answer(request, key: list, data) -> HttpResponse:
    """An API answer encoded once per ``key``: ``data()`` rendered by the request's JSON
    renderer (encoding hundreds of rows costs more than the queries that find them)."""
    media = request.accepted_media_type  # with its parameters (indent=4)
    body = cached_under(
        [*key, request.get_host(), media],
        lambda: request.accepted_renderer.render(data(), media, {"request": request}),
    )
    return HttpResponse(body, content_type=media)
