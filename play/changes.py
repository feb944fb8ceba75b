"""A game's changes: announced when they commit, and waited for by a long-poll
(``GET /api/play/ID/?wait=S``), so that a client learns of a move the moment it is
stored without asking again and again.

A game's *stamp* is its ``updated_at``: every save changes it (a move, a timeout, a
bot's turn sent again), and the API's ``ETag`` is made from it. Every save is announced
once its transaction commits.

- On Redis (the site's broker is Redis) the announcement is a message on the game's
  channel. Each web process holds one subscription to every game's channel (a
  *listener*: one connection, one thread reading it, started at the first wait), so a
  wait costs no Redis round trip. A waiting request registers with the listener, then
  reads the stamp again: a change committed before that read is seen by it, one
  committed after it is announced after it, and the listener wakes the request. It
  gives its database connection back and sleeps until woken or the timeout (no CPU).
  A message lost while Redis is unreachable only makes the request answer at its
  timeout; the client then asks again and is answered at once.
- Without Redis (``bin/run``: SQLite and the filesystem broker) nothing is announced:
  the waiting request reads the stamp again every ``POLL_SECONDS``.
"""

import logging
import os
import threading
from contextlib import contextmanager
from functools import cache
from time import monotonic, sleep

import redis
from django.conf import settings
from django.db import connection, transaction

from play.models import Game

log = logging.getLogger(__name__)

# The longest a request may wait for a change.
MAX_WAIT_SECONDS = 30
# Without Redis, how often a waiting request reads the game's stamp again.
POLL_SECONDS = 0.5


def redis_url() -> str | None:
    """The site's Redis (its broker), or None when it runs without one."""
    url = settings.CELERY_BROKER_URL
    return url if url.startswith(("redis://", "rediss://")) else None


@cache
def redis_client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def channel(game_id) -> str:
    """Per game and per database (Redis channels are shared by all its databases);
    ``channel("*")`` is the pattern of them all."""
    return f"leaguewright:{settings.DATABASES['default']['NAME']}:play:{game_id}"


def stamp_of(game_id: int):
    return Game.objects.filter(pk=game_id).values_list("updated_at", flat=True).first()


def etag_of(game: Game, user) -> str:
    """Changes whenever the game is saved (a move, a timeout, a bot's turn sent again):
    the API's ``ETag``, and the game page's, which waits on the API with it."""
    return f'"{game.pk}-{user.pk or 0}-{game.updated_at.timestamp():.6f}"'


def when_saved(instance: Game, **_signal) -> None:
    """``post_save`` of a game (connected in ``PlayConfig.ready``)."""
    game_id = instance.pk
    transaction.on_commit(lambda: announce(game_id))


def announce(game_id: int) -> None:
    """Wake the requests waiting on the game. The change is stored already: if Redis
    cannot be reached, they answer at their timeout instead."""
    url = redis_url()
    if url is None:
        return
    try:
        redis_client(url).publish(channel(game_id), "")
    except redis.RedisError as error:
        log.warning("game %s: its change could not be announced: %s", game_id, error)


def wait_for_change(game_id: int, stamp, seconds: float) -> bool:
    """Whether the game's stamp moved on from ``stamp`` within ``seconds``."""
    deadline = monotonic() + seconds
    url = redis_url()
    if url is not None:
        try:
            return listen(listener_of(url), game_id, stamp, deadline)
        except redis.RedisError as error:
            log.warning("game %s: waiting without Redis: %s", game_id, error)
    return poll(game_id, stamp, deadline)


def listen(listener: "Listener", game_id: int, stamp, deadline: float) -> bool:
    with listener.watching(game_id) as woken:
        if stamp_of(game_id) != stamp:
            return True
        give_back_connection()
        return woken.wait(max(0, deadline - monotonic()))


def poll(game_id: int, stamp, deadline: float) -> bool:
    while stamp_of(game_id) == stamp:
        left = deadline - monotonic()
        if left <= 0:
            return False
        sleep(min(POLL_SECONDS, left))
    return True


def give_back_connection() -> None:
    """Close the request's database connection (with a pool: give it back to the
    pool) while it waits; the next query opens or takes one again."""
    if not connection.in_atomic_block:
        connection.close()


class Listener:
    """A process's subscription to every game's channel: a thread reads it and wakes
    the requests waiting on the game a message names."""

    def __init__(self, client: redis.Redis):
        self.waiting: dict[int, set[threading.Event]] = {}
        self.lock = threading.Lock()
        self.pubsub = client.pubsub()
        self.pubsub.psubscribe(channel("*"))
        self.confirmed()
        threading.Thread(target=self.read, name="play-changes", daemon=True).start()

    def confirmed(self) -> None:
        """Wait for Redis to confirm the subscription: a change announced from then on
        reaches this listener."""
        deadline = monotonic() + 5
        while monotonic() < deadline:
            reply = self.pubsub.get_message(timeout=deadline - monotonic())
            if reply is not None and reply["type"] == "psubscribe":
                return
        raise redis.TimeoutError("Redis did not confirm the subscription to games' changes")

    def read(self) -> None:
        while True:
            try:
                message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=60)
            except redis.RedisError as error:  # reconnected (and subscribed) at the next read
                log.warning("games' changes not heard: %s", error)
                sleep(1)
                continue
            if message is not None and message["type"] == "pmessage":
                game = message["channel"].rsplit(b":", 1)[1]
                if game.isdigit():  # anything else on these channels is not ours
                    self.wake(int(game))

    def wake(self, game_id: int) -> None:
        with self.lock:
            for event in self.waiting.get(game_id, ()):
                event.set()

    @contextmanager
    def watching(self, game_id: int):
        """An event set when the game's change is announced, while in the block."""
        event = threading.Event()
        with self.lock:
            self.waiting.setdefault(game_id, set()).add(event)
        try:
            yield event
        finally:
            with self.lock:
                events = self.waiting[game_id]
                events.discard(event)
                if not events:
                    del self.waiting[game_id]


_listeners: dict[tuple[int, str], Listener] = {}
_starting = threading.Lock()


def listener_of(url: str) -> Listener:
    """This process's listener (a forked process starts its own)."""
    key = (os.getpid(), url)
    with _starting:
        if key not in _listeners:
            _listeners[key] = Listener(redis_client(url))
        return _listeners[key]
