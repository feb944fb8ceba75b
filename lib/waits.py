"""How many long-polls wait at once (a game, ``GET /api/play/ID/?wait=S``; an event's
live pages, ``GET /api/events/SLUG/live/?wait=S``), so that waiting never takes the site
from anyone. Every long-poll shares these bounds (the settings keep their ``PLAY_``
names, from when games alone waited).

A held wait keeps a server thread (not a database connection) until what it waits on
changes. It is held only when all of these allow it, and otherwise answered at once:

- **What it waits on is public** for someone not logged in: a friendly game, the table
  of a public event (``play.access.is_public_game``), a public event
  (``is_public_event``). Anywhere else a visitor's wait is answered as a plain read.
- **The server has a thread to spare.** A process that serves one request at a time
  (gunicorn's sync workers: the WSGI ``wsgi.multithread`` is false) never holds one,
  since that would take the whole process; a threaded process holds at most
  ``PLAY_WAITS_PER_PROCESS`` at once, so that its other threads serve pages.
- **The person has a wait to spare**: at most ``PLAY_WAITS_PER_PERSON`` at once per
  account (all its sessions and tokens together) or, not logged in, per address
  (``lib.client_address``). Past it the wait is refused (``TooManyWaits``: 429).

A wait not held is answered at once as a plain read (200, or 304 while nothing
changed), with ``Retry-After: PLAY_POLL_AFTER_SECONDS`` telling the client when to ask
again. A person's waits are counted where every process sees them: in Redis (a sorted
set per person, each wait with its own expiry, so one lost by a killed process is
forgotten after the longest wait) when the broker is Redis, else in the process.
"""

import logging
import threading
import uuid
from contextlib import contextmanager
from time import time

import redis
from django.conf import settings

from lib.changes import MAX_WAIT_SECONDS, redis_client, redis_url
from lib.client_address import client_address

log = logging.getLogger(__name__)

# A wait is forgotten this long after its longest time, if nobody ended it.
FORGOTTEN_AFTER = MAX_WAIT_SECONDS + 15

# Atomically: forget the person's expired waits, and add this one unless the cap is met.
TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


class TooManyWaits(Exception):
    """The person already has ``PLAY_WAITS_PER_PERSON`` waits under way."""

    def __init__(self, retry_after: int):
        super().__init__(retry_after)
        self.retry_after = retry_after


def person_of(request) -> str:
    user = request.user
    return f"user-{user.pk}" if user.is_authenticated else f"address-{client_address(request)}"


def key_of(person: str) -> str:
    return f"{settings.CACHES['limits']['KEY_PREFIX']}:waits:{person}"


class LocalWaits:
    """A person's waits in this process (no Redis: ``bin/run`` serves from one)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.waits: dict[str, dict[str, float]] = {}

    def take(self, key: str, wait_id: str, cap: int, forgotten_after=FORGOTTEN_AFTER) -> bool:
        now = time()
        with self.lock:
            waits = {w: until for w, until in self.waits.get(key, {}).items() if until > now}
            if len(waits) >= cap:
                self.waits[key] = waits
                return False
            waits[wait_id] = now + forgotten_after
            self.waits[key] = waits
            return True

    def give_back(self, key: str, wait_id: str) -> None:
        with self.lock:
            waits = self.waits.get(key, {})
            waits.pop(wait_id, None)
            if not waits:
                self.waits.pop(key, None)


class RedisWaits:
    def __init__(self, client: redis.Redis):
        self.client = client
        self.script = client.register_script(TAKE)

    def take(self, key: str, wait_id: str, cap: int, forgotten_after=FORGOTTEN_AFTER) -> bool:
        now = time()
        args = [now, now + forgotten_after, cap, wait_id, forgotten_after]
        return bool(self.script(keys=[key], args=args))

    def give_back(self, key: str, wait_id: str) -> None:
        self.client.zrem(key, wait_id)


_local_waits = LocalWaits()


def people_waits():
    url = redis_url()
    return _local_waits if url is None else RedisWaits(redis_client(url))


class ProcessSlots:
    """This process's threads that may hold a wait at once."""

    def __init__(self):
        self.lock = threading.Lock()
        self.held = 0

    def take(self) -> bool:
        with self.lock:
            if self.held >= settings.PLAY_WAITS_PER_PROCESS:
                return False
            self.held += 1
            return True

    def give_back(self) -> None:
        with self.lock:
            self.held -= 1


_process_slots = ProcessSlots()


def take_process_slot() -> bool:
    """One of this threaded process's threads for a wait (a push stream under WSGI too,
    ``lib.push``), or False when as many wait as may."""
    return _process_slots.take()


def give_back_process_slot() -> None:
    _process_slots.give_back()


def process_slots_held() -> int:
    """How many of this process's threads hold a wait or a push stream now."""
    return _process_slots.held


@contextmanager
def wait_allowed(request, open_to_visitors: bool):
    """Whether the request may hold its wait (False: answer it at once); a visitor's
    only if ``open_to_visitors``; raises ``TooManyWaits`` past the person's cap."""
    public = request.user.is_authenticated or open_to_visitors
    threaded = bool(request.META.get("wsgi.multithread"))
    if not (public and threaded):
        yield False
        return
    key, wait_id = key_of(person_of(request)), uuid.uuid4().hex
    waits = people_waits()
    try:
        taken = waits.take(key, wait_id, settings.PLAY_WAITS_PER_PERSON)
    except redis.RedisError as error:
        log.warning("waits not counted, so not held: %s", error)
        yield False
        return
    if not taken:
        raise TooManyWaits(settings.PLAY_POLL_AFTER_SECONDS)
    try:
        if not _process_slots.take():
            yield False
            return
        try:
            yield True
        finally:
            _process_slots.give_back()
    finally:
        try:
            waits.give_back(key, wait_id)
        except redis.RedisError as error:  # forgotten at its expiry instead
            log.warning("a wait not given back: %s", error)
