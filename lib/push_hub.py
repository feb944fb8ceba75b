"""What an ASGI server process's push streams (``lib.push``) wait on: one *hub* per
event loop that holds, for each ``topic:key`` some open page follows, its current
*stamp* (read from the database) and an ``asyncio.Event`` set when it moves on.

However many tabs follow a game, the process reads its stamp once per change: the hub
hears an announcement (``lib.changes.announce``), reads the stamp in a thread of
the loop's pool, gives that thread's database connection back, and wakes every stream
of the key whose stamp moved on. A waiting stream is a coroutine: it holds no thread
and no database connection.

- On Redis the hub holds one subscription to every change channel (``redis.asyncio``);
  after a lost connection it subscribes again and reads every stamp once more, so no
  change is missed for longer than the reconnection.
- Without Redis (``bin/run``: SQLite and the filesystem broker) an announcement
  touches a file under ``var/changes/`` (``lib.changes.touched``) and the hub looks
  at the files of the keys it follows every ``FILE_LOOK_SECONDS``: a ``stat`` each, no
  database.
- A followed key is read again every ``refresh`` seconds all the same (per process,
  not per tab), in case an announcement was lost: an event's pages and a bot batch's
  progress, 60 s.
"""

import asyncio
import logging
import os
import weakref
from contextlib import asynccontextmanager

import redis
import redis.asyncio as aioredis
from asgiref.sync import sync_to_async
from django.db import connection

from lib import changes

log = logging.getLogger(__name__)

# Without Redis, how often the hub looks at the files of the keys it follows.
FILE_LOOK_SECONDS = 0.5
# How often the hub looks for keys due to be read again (``refresh``).
TICK_SECONDS = 0.5
# How long a stream waits for the hub's subscription to changes (Redis) at most.
SUBSCRIBED_WITHIN = 5
# The name a stream over no keys waits on: nothing announces it, so its stamp is read
# every ``refresh`` only (a person's to-do list while they are in no event).
NOTHING = "-"
# A followed key whose stamp was not read yet (a stamp may be None: a deleted game).
UNREAD = object()
# The least time between two reads of one key's stamp: a burst of changes (a batch's
# games finishing) costs one read per this long.
MIN_READ_GAP_SECONDS = 0.2


def read_released(read_stamp):
    """``read_stamp()`` in the calling thread, its database connection given back
    after (with a pool: back to the pool), so no connection waits with a stream."""
    try:
        return read_stamp()
    finally:
        release_connection()


def release_connection() -> None:
    """Close this thread's database connection (with a pool: give it back)."""
    if not connection.in_atomic_block:
        connection.close()


class Followed:
    """One stamp the process's streams follow, read again when a change of any of its
    ``names`` (``topic:key``) is announced: one name for a page of one game or event,
    several for a page that shows what many events hold (a person's to-do list)."""

    def __init__(self, names: tuple[str, ...], read_stamp, refresh: float | None):
        self.names, self.read_stamp, self.refresh = names, read_stamp, refresh
        self.name = names[0] if len(names) == 1 else ",".join(names)
        self.stamp = UNREAD
        self.moved = asyncio.Event()
        self.streams = 0
        self.due = False
        self.reader: asyncio.Task | None = None
        self.read_at = 0.0
        self.file_seen: tuple | None = None
        # Reads run side by side (a stream's first, a change's): each is numbered as it
        # starts, and only one that started after the stamp's own read may replace it.
        self.reads_started = 0
        self.stamp_read = 0

    async def read(self) -> bool:
        """Read the stamp; whether it moved on. A read that started before the one the
        stamp came from is dropped: a stream's first read, slower than a change's read
        begun after it, would otherwise put back the stamp before the change, and the
        change would be heard only at the next refresh."""
        self.reads_started += 1
        number = self.reads_started
        self.read_at = asyncio.get_running_loop().time()
        stamp = await sync_to_async(read_released, thread_sensitive=False)(self.read_stamp)
        if number < self.stamp_read:
            return False
        self.stamp_read = number
        moved = stamp != self.stamp
        self.stamp = stamp
        return moved

    def poke(self) -> None:
        """Read the stamp again soon (once for a burst of pokes)."""
        self.due = True
        if self.reader is None or self.reader.done():
            self.reader = asyncio.get_running_loop().create_task(self.read_while_due())

    async def read_while_due(self) -> None:
        while self.due and self.streams:
            self.due = False
            try:
                moved = await self.read()
            except Exception:
                log.exception("%s: its stamp could not be read", self.name)
                return
            if moved:
                self.moved.set()
                self.moved = asyncio.Event()
            await asyncio.sleep(MIN_READ_GAP_SECONDS)

    async def moved_on(self, seconds: float) -> bool:
        """Whether the stamp moved on within ``seconds``."""
        try:
            await asyncio.wait_for(self.moved.wait(), seconds)
        except TimeoutError:
            return False
        return True


class Hub:
    """The streams of one event loop (one ASGI server process) and what wakes them."""

    def __init__(self):
        # By ``topic:key``, then by what is read of it (a round's page and the whole
        # event's pages follow one channel, each its own stamp).
        self.followed: dict[str, dict[str, Followed]] = {}
        self.subscribed = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        if self.tasks:
            return
        loop = asyncio.get_running_loop()
        url = changes.redis_url()
        if url is None:
            self.subscribed.set()
            self.tasks.append(loop.create_task(self.look_at_files()))
        else:
            self.tasks.append(loop.create_task(self.listen(url)))
        self.tasks.append(loop.create_task(self.tick()))

    @asynccontextmanager
    async def following(self, names, variant: str, read_stamp, refresh: float | None):
        """The ``Followed`` of ``names`` (a ``topic:key``, or several) and ``variant``,
        its stamp read, while in the block; None when changes cannot be heard."""
        self.start()
        names = (names,) if isinstance(names, str) else tuple(names) or (NOTHING,)
        # Streams of one variant over other names (a person's events, which change)
        # read their own stamp.
        ident = variant if len(names) == 1 else f"{variant}@{','.join(names)}"
        followed = self.followed.get(names[0], {}).get(ident)
        if followed is None:
            followed = Followed(names, read_stamp, refresh)
            for name in names:
                self.followed.setdefault(name, {})[ident] = followed
        followed.streams += 1
        try:
            if followed.stamp is UNREAD:
                # Subscribed first: a change committed after this read is announced
                # after it, and heard. Not subscribed (Redis away): no stream.
                try:
                    await asyncio.wait_for(self.subscribed.wait(), SUBSCRIBED_WITHIN)
                except TimeoutError:
                    log.warning("push: no subscription to changes, streams refused")
                    yield None
                    return
                if changes.redis_url() is None:
                    followed.file_seen = files_stamp(names)
                await followed.read()
            yield followed
        finally:
            followed.streams -= 1
            if not followed.streams:
                for name in names:
                    variants = self.followed[name]
                    del variants[ident]
                    if not variants:
                        del self.followed[name]

    def all_followed(self) -> list[Followed]:
        """Each once, though one of several names is listed under each."""
        found = {id(f): f for variants in self.followed.values() for f in variants.values()}
        return list(found.values())

    def poke(self, name: str) -> None:
        for followed in list(self.followed.get(name, {}).values()):
            followed.poke()

    def poke_all(self) -> None:
        for followed in self.all_followed():
            followed.poke()

    async def listen(self, url: str) -> None:
        prefix = changes.prefix()
        while True:
            client = aioredis.Redis.from_url(url)
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(f"{prefix}*")
                async for message in pubsub.listen():
                    if message["type"] == "psubscribe":
                        if self.subscribed.is_set():  # subscribed again: read every stamp
                            self.poke_all()
                        self.subscribed.set()
                    elif message["type"] == "pmessage":
                        channel = message["channel"].decode(errors="replace")
                        self.poke(channel.removeprefix(prefix))
            except (redis.RedisError, OSError) as error:
                log.warning("push: changes not heard, subscribing again: %s", error)
            finally:
                await pubsub.aclose()
                await client.aclose()
            await asyncio.sleep(1)

    async def look_at_files(self) -> None:
        while True:
            for followed in self.all_followed():
                seen = files_stamp(followed.names)
                if followed.file_seen is not None and seen != followed.file_seen:
                    followed.poke()
                followed.file_seen = seen
            await asyncio.sleep(FILE_LOOK_SECONDS)

    async def tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            for followed in self.all_followed():
                if followed.refresh and now - followed.read_at >= followed.refresh:
                    followed.poke()
            await asyncio.sleep(TICK_SECONDS)


def file_stamp(name: str) -> int:
    """When ``name``'s file was last touched (no Redis), 0 if never."""
    try:
        return os.stat(changes.touched(name)).st_mtime_ns
    except FileNotFoundError:
        return 0


def files_stamp(names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(file_stamp(name) for name in names)


_hubs: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub]" = weakref.WeakKeyDictionary()


def hub() -> Hub:
    """This event loop's hub (uvicorn runs one loop per process)."""
    loop = asyncio.get_running_loop()
    if loop not in _hubs:
        _hubs[loop] = Hub()
    return _hubs[loop]
