"""Server-sent events: an open page learns that what it shows changed, the moment the
change is stored, without asking again and again (docs/push.md).

A stream says only *that* something changed and its new *stamp*::

    retry: 3000

    id: 1764189600.123456
    event: changed
    data: 1764189600.123456

and the page fetches its fragment (or the API's state) with a plain request, which
checks permissions, speaks the reader's language and is cached as every other
request. So a stream carries nothing private, and one code path draws each page. The
``id`` is the stamp: a browser reconnecting sends it back as ``Last-Event-ID``, and
the stream starts with an event at once if the stamp moved on meanwhile; a page's
first stream names the stamp it was drawn at (``?since=``) for the same reason.

An app's push view checks who may follow what *before* the stream starts (in a thread:
``sync_to_async``), then calls ``stream``. Under an ASGI server (uvicorn: ``bin/run``,
and production's push server) a waiting stream is a coroutine on the process's
``lib.push_hub``: no thread, no database connection. Under a threaded WSGI server
(``runserver``, gunicorn's gthread, the tests' live server) it holds a thread like a
long-poll, within ``lib.waits``' bounds, and lasts at most ``MAX_WAIT_SECONDS``;
where a WSGI process serves one request at a time it is refused.

Bounds: at most ``PUSH_STREAMS_PER_PERSON`` streams per account (or address) in the
whole site, counted as ``lib.waits`` counts long-polls (429 past it), and
``PUSH_STREAMS_PER_PROCESS`` per ASGI process (503 past it); a stream ends after
``PUSH_STREAM_SECONDS`` (a little less, at random, so that tabs opened together do not
come back together) and the browser reconnects ``retry`` later; a comment every
``PUSH_HEARTBEAT_SECONDS`` keeps proxies from closing an idle one. A visitor not logged
in gets a stream only on what is public. A refused stream closes the ``EventSource``,
and the page falls back to a slow poll (``static/js/push.js``).
"""

import asyncio
import logging
import random
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from time import monotonic

import redis
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from lib import changes, waits
from lib.push_hub import hub, read_released, release_connection

log = logging.getLogger(__name__)

# How long a browser waits before it reconnects (a stream ended, or the server went).
RETRY_MS = 3000
HEARTBEAT = b": still here\n\n"
# A stream's entry in a person's count is forgotten this long after its longest life,
# if a killed process never gave it back.
FORGOTTEN_MARGIN = 30


def event(stamp) -> bytes:
    text = "" if stamp is None else str(stamp)
    return f"id: {text}\nevent: changed\ndata: {text}\n\n".encode()


def seen_stamp(request) -> str | None:
    """The stamp the page last had: the browser's ``Last-Event-ID`` on a reconnection,
    else the one the page was drawn at."""
    return request.headers.get("Last-Event-ID") or request.GET.get("since")


def refused(status: int, reason: str, retry_after: int | None = None) -> HttpResponse:
    response = HttpResponse(reason, status=status, content_type="text/plain; charset=utf-8")
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


class Ticket:
    """A person's stream counted (``lib.waits``' store) and this process's slot for
    it, given back once: when the response closes, or when it is refused."""

    def __init__(self, store, key: str, entry: str):
        self.store, self.key, self.entry = store, key, entry
        self.lock = threading.Lock()
        self.slot_of: ProcessStreams | type[ThreadSlots] | None = None
        self.open = True

    def close(self) -> None:
        with self.lock:
            if not self.open:
                return
            self.open = False
        if self.slot_of is not None:
            self.slot_of.give_back()
        try:
            self.store.give_back(self.key, self.entry)
        except redis.RedisError as error:  # forgotten at its expiry instead
            log.warning("a stream not given back: %s", error)


class ProcessStreams:
    """This ASGI process's streams."""

    def __init__(self):
        self.lock = threading.Lock()
        self.open = 0

    def take(self) -> bool:
        with self.lock:
            if self.open >= settings.PUSH_STREAMS_PER_PROCESS:
                return False
            self.open += 1
            return True

    def give_back(self) -> None:
        with self.lock:
            self.open -= 1


class ThreadSlots:
    """A threaded WSGI process's threads that may wait (``lib.waits``)."""

    @staticmethod
    def take() -> bool:
        return waits.take_process_slot()

    @staticmethod
    def give_back() -> None:
        waits.give_back_process_slot()


_process = ProcessStreams()


def lifetime() -> float:
    return settings.PUSH_STREAM_SECONDS * random.uniform(0.8, 1.0)


def take_ticket(request, open_to_visitors: bool) -> Ticket | HttpResponse:
    """The stream's place in its bounds, or the refusal to answer (runs in a thread:
    the person's count may be in Redis)."""
    if not (request.user.is_authenticated or open_to_visitors):
        return refused(403, _("Only what is public is followed live by a visitor: log in."))
    if not isinstance(request, ASGIRequest) and not request.META.get("wsgi.multithread"):
        reason = _("This server does not follow pages live: the page asks again later.")
        return refused(503, reason, 30)
    store = waits.people_waits()
    key = waits.key_of(f"streams-{waits.person_of(request)}")
    entry = uuid.uuid4().hex
    forgotten_after = settings.PUSH_STREAM_SECONDS + FORGOTTEN_MARGIN
    try:
        taken = store.take(key, entry, settings.PUSH_STREAMS_PER_PERSON, forgotten_after)
    except redis.RedisError as error:
        log.warning("streams not counted, so not held: %s", error)
        return refused(503, _("Live pages cannot be counted now: the page asks again later."), 30)
    if not taken:
        return refused(429, _("You follow too many pages live at once: close some of them."), 30)
    ticket = Ticket(store, key, entry)
    slots = _process if isinstance(request, ASGIRequest) else ThreadSlots
    if not slots.take():
        ticket.close()
        reason = _("This server follows as many pages live as it can: the page asks again later.")
        return refused(503, reason, 30)
    ticket.slot_of = slots
    return ticket


@dataclass(frozen=True)
class Followable:
    """What a push view found its reader may follow: ``key`` of the topic (or a tuple
    of keys: the stamp is read again on a change of any of them), how its stamp is
    read (``read_stamp()``, from the database), whether a visitor may follow it, and a
    ``variant`` name when the key's channel has more than one stamp."""

    key: object
    read_stamp: Callable
    open_to_visitors: bool
    variant: str = ""

    @property
    def keys(self) -> tuple:
        return self.key if isinstance(self.key, tuple) else (self.key,)


def stream(request, ticket: Ticket, topic: str, followable: Followable, refresh=None):
    """The response that follows ``topic``/``followable.key`` for ``request`` (``ticket``
    taken by ``take_ticket``)."""
    events: AsyncEvents | ThreadEvents
    if isinstance(request, ASGIRequest):
        events = AsyncEvents(ticket, topic, followable, refresh, seen_stamp(request))
    else:
        events = ThreadEvents(ticket, topic, followable, seen_stamp(request))
    response = StreamingHttpResponse(events, content_type="text/event-stream; charset=utf-8")
    response.headers["Cache-Control"] = "no-cache, no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def differs(stamp, seen: str | None) -> bool:
    return seen is None or str(stamp) != seen


class AsyncEvents:
    """A stream on the hub: a coroutine between events."""

    def __init__(self, ticket, topic, followable: Followable, refresh, seen):
        self.ticket, self.followable, self.refresh, self.seen = ticket, followable, refresh, seen
        self.names = tuple(f"{topic}:{key}" for key in followable.keys)

    def close(self) -> None:
        self.ticket.close()

    def __aiter__(self):
        return self.events()

    async def events(self):
        try:
            yield f"retry: {RETRY_MS}\n\n".encode()
            f = self.followable
            following = hub().following(self.names, f.variant, f.read_stamp, self.refresh)
            async with following as followed:
                if followed is None:  # changes cannot be heard now: come back later
                    return
                loop = asyncio.get_running_loop()
                ends = loop.time() + lifetime()
                seen = self.seen
                while True:
                    if followed.stamp is not None and differs(followed.stamp, seen):
                        seen = str(followed.stamp)
                        yield event(followed.stamp)
                    left = ends - loop.time()
                    if left <= 0:
                        return
                    heartbeat = settings.PUSH_HEARTBEAT_SECONDS
                    if not await followed.moved_on(min(heartbeat, left)):
                        yield HEARTBEAT
        finally:
            self.ticket.close()


class ThreadStreams:
    """This threaded process's open streams, so that a server that stops can end them
    at once and know when none reads the database any more (the tests' live server
    when a test ends, before its database is flushed or dropped)."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.open: set[ThreadEvents] = set()
        self.ending = 0  # calls of ``end_all`` under way: a stream that starts meanwhile ends

    def add(self, events: "ThreadEvents") -> None:
        with self.changed:
            self.open.add(events)
            if self.ending:
                events.end()

    def discard(self, events: "ThreadEvents") -> None:
        with self.changed:
            self.open.discard(events)
            self.changed.notify_all()

    def end_all(self, timeout: float) -> bool:
        """End every open stream; whether all ended within ``timeout``."""
        with self.changed:
            self.ending += 1
            try:
                for events in self.open:
                    events.end()
                return self.changed.wait_for(lambda: not self.open, timeout)
            finally:
                self.ending -= 1


_threads = ThreadStreams()


def end_thread_streams(timeout: float = 10) -> bool:
    """End this process's streams under a threaded server now (each ends at once, not
    at its next heartbeat) and wait for them; whether they ended within ``timeout``."""
    return _threads.end_all(timeout)


class ThreadEvents:
    """A stream under a threaded WSGI server: it holds its thread (within
    ``lib.waits``' bound per process) and ends within ``MAX_WAIT_SECONDS``, or at
    once when ended (``end_thread_streams``)."""

    def __init__(self, ticket, topic, followable: Followable, seen):
        self.ticket, self.topic, self.seen = ticket, topic, seen
        self.keys, self.read_stamp = followable.keys, followable.read_stamp
        self.ending = False
        self.woken = threading.Event()  # what its wait for a change sleeps on
        _threads.add(self)

    def end(self) -> None:
        self.ending = True
        self.woken.set()

    def close(self) -> None:
        self.ticket.close()
        _threads.discard(self)

    def __iter__(self):
        return self.events()

    def events(self):
        try:
            yield f"retry: {RETRY_MS}\n\n".encode()
            yield from self.held()
        finally:
            self.close()

    def held(self):
        ends = monotonic() + changes.MAX_WAIT_SECONDS
        if self.ending:
            return
        stamp = read_released(self.read_stamp)
        seen = self.seen
        while True:
            if stamp is not None and differs(stamp, seen):
                seen = str(stamp)
                yield event(stamp)
            left = ends - monotonic()
            # A new event for each wait, set before ``ending`` is read: ``end`` sets
            # ``ending`` first, then the event, so either this sees it or its wait wakes.
            self.woken = threading.Event()
            if left <= 0 or self.ending:
                return
            seconds = min(settings.PUSH_HEARTBEAT_SECONDS, left)
            read, woken = self.read_stamp, self.woken
            if changes.wait_for_change(self.topic, self.keys, read, stamp, seconds, woken):
                if self.ending:
                    return
                stamp = read_released(self.read_stamp)
            else:
                yield HEARTBEAT


async def follow(request, check, topic: str, refresh: float | None = None):
    """The push view's answer: ``check(request)`` (run in a thread; it raises
    ``PermissionDenied`` or ``Http404`` for who may not see) gives the ``Followable``;
    then the stream, or the refusal of its bounds. The check's database connection is
    given back before the stream starts."""

    def checked():
        try:
            followable = check(request)
            return followable, take_ticket(request, followable.open_to_visitors)
        finally:
            release_connection()

    followable, ticket = await sync_to_async(checked, thread_sensitive=False)()
    if isinstance(ticket, HttpResponse):
        return ticket
    return stream(request, ticket, topic, followable, refresh)
