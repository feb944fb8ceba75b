"""A game's changes: announced when they commit, and waited for by a long-poll
(``GET /api/play/ID/?wait=S``), so that a client learns of a move the moment it is
stored without asking again and again.

A game's *stamp* is its ``updated_at``: every save changes it (a move, a timeout, a
bot's turn sent again), and the API's ``ETag`` is made from it. Every save is announced
once its transaction commits.

- On Redis (the site's broker is Redis) the announcement is a message on the game's
  channel. A waiting request subscribes, waits for Redis to confirm the subscription,
  and only then reads the stamp again: a change committed before that read is seen by
  it, one committed after it sends a message the subscription receives. It then sleeps
  on the Redis socket (no CPU) until a message or the timeout. It gives its database
  connection back before it sleeps: a site with many waiting requests runs more threads
  than it has database connections (docs/play.md).
- Without Redis (``bin/run``: SQLite and the filesystem broker) nothing is announced:
  the waiting request reads the stamp again every ``POLL_SECONDS``.
"""

import logging
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


def channel(game_id: int) -> str:
    """Per game and per database: Redis channels are shared by all its databases."""
    return f"leaguewright:{settings.DATABASES['default']['NAME']}:play:{game_id}"


def stamp_of(game_id: int):
    return Game.objects.filter(pk=game_id).values_list("updated_at", flat=True).first()


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
            return listen(redis_client(url), game_id, stamp, deadline)
        except redis.RedisError as error:
            log.warning("game %s: waiting without Redis: %s", game_id, error)
    return poll(game_id, stamp, deadline)


def listen(client: redis.Redis, game_id: int, stamp, deadline: float) -> bool:
    """Redis answers the subscription before any message on it: once it has, the
    stamp is read again, and a change after that read sends a message."""
    pubsub = client.pubsub()
    try:
        pubsub.subscribe(channel(game_id))
        while (left := deadline - monotonic()) > 0:
            message = pubsub.get_message(timeout=left)
            if message is None:
                continue
            if message["type"] == "message" or stamp_of(game_id) != stamp:
                return True
            give_back_connection()
        return False
    finally:
        pubsub.close()


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
