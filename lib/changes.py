"""Changes announced when they commit, and waited for by a long-poll, so that a page
learns of a change the moment it is stored without asking again and again. A change
belongs to a *topic* and a key (``"play", 12``: a game; ``"event", 3``: an event's
rounds and clock); its waiters compare a *stamp* they read from the database.

- On Redis (the site's broker is Redis) the announcement is a message on the topic's
  channel. Each web process holds one subscription to every channel (a *listener*:
  one connection, one thread reading it, started at the first wait), so a wait costs
  no Redis round trip. A waiting request registers with the listener, then reads the
  stamp again: a change committed before that read is seen by it, one committed after
  it is announced after it, and the listener wakes the request. It gives its database
  connection back and sleeps until woken or the timeout (no CPU). A message lost while
  Redis is unreachable only makes the request answer at its timeout; the client then
  asks again and is answered at once.
- Without Redis (``bin/run``: SQLite and the filesystem broker) a long-poll reads the
  stamp again every ``POLL_SECONDS``; the announcement touches a file of the topic and
  key under ``var/changes/`` (``touched``), which the push streams' hub looks at
  (``lib.push_hub``: a ``stat``, no database).
"""

import logging
import os
import threading
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from time import monotonic, sleep

import redis
from django.conf import settings
from django.db import connection

log = logging.getLogger(__name__)

# The longest a request may wait for a change.
MAX_WAIT_SECONDS = 30
# Without Redis, how often a waiting request reads the stamp again.
POLL_SECONDS = 0.5


def redis_url() -> str | None:
    """The site's Redis (its broker), or None when it runs without one."""
    url = settings.CELERY_BROKER_URL
    return url if url.startswith(("redis://", "rediss://")) else None


@cache
def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def prefix() -> str:
    """Per database: Redis channels are shared by all its databases."""
    return f"leaguewright:{settings.DATABASES['default']['NAME']}:"


def channel(topic: str, key) -> str:
    return f"{prefix()}{topic}:{key}"


def announce(topic: str, key) -> None:
    """Wake the requests waiting on ``topic``/``key``. The change is stored already:
    if Redis cannot be reached, they answer at their timeout instead."""
    url = redis_url()
    if url is None:
        touch(touched(f"{topic}:{key}"))
        return
    try:
        redis_client(url).publish(channel(topic, key), "")
    except redis.RedisError as error:
        log.warning("%s %s: its change could not be announced: %s", topic, key, error)


def touched(name: str) -> Path:
    """The file an announcement of ``name`` (``topic:key``) touches without Redis."""
    folder = Path(settings.VAR_DIR) / "changes" / prefix().replace(":", "-").replace("/", "-")
    return folder / name.replace(":", "-").replace("/", "-")


def touch(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError as error:
        log.warning("%s: its change could not be announced: %s", path.name, error)


def wait_for_change(
    topic: str, key, read_stamp, stamp, seconds: float, woken: threading.Event | None = None
) -> bool:
    """Whether ``read_stamp()`` moved on from ``stamp`` within ``seconds``; ``key`` may
    be a tuple of keys, whose every announcement wakes the wait. The wait sleeps on
    ``woken`` (a new event for each wait): a caller that may end it early
    (``lib.push``: a stream ended with its server) sets it, and it answers True."""
    deadline = monotonic() + seconds
    woken = woken or threading.Event()
    url = redis_url()
    if url is not None:
        names = [f"{topic}:{k}" for k in (key if isinstance(key, tuple) else (key,))]
        try:
            return listen(listener_of(url), names, read_stamp, stamp, deadline, woken)
        except redis.RedisError as error:
            log.warning("%s %s: waiting without Redis: %s", topic, key, error)
    return poll(read_stamp, stamp, deadline, woken)


def listen(
    listener: "Listener", names: list[str], read_stamp, stamp, deadline: float, woken
) -> bool:
    with listener.watching(names, woken):
        if read_stamp() != stamp:
            return True
        give_back_connection()
        return woken.wait(max(0, deadline - monotonic()))


def poll(read_stamp, stamp, deadline: float, woken: threading.Event) -> bool:
    while read_stamp() == stamp:
        left = deadline - monotonic()
        if left <= 0:
            return False
        if woken.wait(min(POLL_SECONDS, left)):
            return True
    return True


def give_back_connection() -> None:
    """Close the request's database connection (with a pool: give it back to the
    pool) while it waits; the next query opens or takes one again."""
    if not connection.in_atomic_block:
        connection.close()


class Listener:
    """A process's subscription to every channel: a thread reads it and wakes the
    requests waiting on the ``topic:key`` a message names."""

    def __init__(self, client: redis.Redis):
        self.waiting: dict[str, set[threading.Event]] = {}
        self.lock = threading.Lock()
        self.prefix = prefix().encode()
        self.pubsub = client.pubsub()
        self.pubsub.psubscribe(f"{prefix()}*")
        self.confirmed()
        threading.Thread(target=self.read, name="changes", daemon=True).start()

    def confirmed(self) -> None:
        """Wait for Redis to confirm the subscription: a change announced from then on
        reaches this listener."""
        deadline = monotonic() + 5
        while monotonic() < deadline:
            reply = self.pubsub.get_message(timeout=deadline - monotonic())
            if reply is not None and reply["type"] == "psubscribe":
                return
        raise redis.TimeoutError("Redis did not confirm the subscription to changes")

    def read(self) -> None:
        while True:
            try:
                message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=60)
            except redis.RedisError as error:  # reconnected (and subscribed) at the next read
                log.warning("changes not heard: %s", error)
                sleep(1)
                continue
            if message is not None and message["type"] == "pmessage":
                name = message["channel"].removeprefix(self.prefix)
                self.wake(name.decode(errors="replace"))

    def wake(self, name: str) -> None:
        with self.lock:
            for event in self.waiting.get(name, ()):
                event.set()

    @contextmanager
    def watching(self, names: list[str], event: threading.Event):
        """``event`` set when a change of one of ``names`` is announced, while in the
        block."""
        with self.lock:
            for name in names:
                self.waiting.setdefault(name, set()).add(event)
        try:
            yield
        finally:
            with self.lock:
                for name in names:
                    events = self.waiting[name]
                    events.discard(event)
                    if not events:
                        del self.waiting[name]


_listeners: dict[tuple[int, str], Listener] = {}
_starting = threading.Lock()


def listener_of(url: str) -> Listener:
    """This process's listener (a forked process starts its own)."""
    key = (os.getpid(), url)
    with _starting:
        if key not in _listeners:
            _listeners[key] = Listener(redis_client(url))
        return _listeners[key]
