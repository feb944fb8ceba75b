"""The ``limits`` cache, where ``lib.throttles`` counts every API request: on Redis
(every process of the site shares it) or, without Redis (``bin/run``), in the process's
memory. Both count a request in every scope that applies to it in one call, ``hits``.

On Redis each scope's window is a list of the times of its requests, the newest first,
and one Lua script trims, counts and appends for all the request's scopes in one round
trip (DRF's throttles read and wrote a pickled list per scope: four round trips a write).
Django's Redis cache builds a new ``redis.Redis`` object for every command (its
connection pool is kept, but the client's setup, its table of some 170 response
callbacks, is not): about half a millisecond of CPU each. A ``redis.Redis`` client is
safe to share between threads (each command borrows a connection from the pool), so one
is kept per connection pool, with the script registered on it.
"""

import threading

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

# KEYS: a window per scope; ARGV: now, then each window's allowed requests and seconds.
# For each window: the requests counted in it before this one, and its oldest time.
COUNT_HITS = """
local now = tonumber(ARGV[1])
local answers = {}
for i, key in ipairs(KEYS) do
  local allowed = tonumber(ARGV[2 * i])
  local duration = tonumber(ARGV[2 * i + 1])
  while true do
    local oldest = redis.call("LINDEX", key, -1)
    if not oldest or tonumber(oldest) > now - duration then break end
    redis.call("RPOP", key)
  end
  local count = redis.call("LLEN", key)
  local oldest = redis.call("LINDEX", key, -1) or ARGV[1]
  if count < allowed then
    redis.call("LPUSH", key, ARGV[1])
    redis.call("EXPIRE", key, duration)
  end
  answers[i] = {count, oldest}
end
return answers
"""

Window = tuple[str, int, int]  # key, requests allowed, in so many seconds


class KeptClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):  # noqa: ARG002 - Django's signature
        return self._kept(write)[0]

    def _kept(self, write: bool):
        """The client of the pool, and the counting script registered on it."""
        # Django's pool and client class (as its get_client), not in its stubs.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        kept = self._clients.get(id(pool))
        if kept is None:
            client = self._client(connection_pool=pool)  # type: ignore[attr-defined]
            kept = self._clients.setdefault(id(pool), (client, client.register_script(COUNT_HITS)))
        return kept

    def count_hits(self, keys: list[str], args: list) -> list:
        _client, script = self._kept(write=True)
        return script(keys=keys, args=args)


class LimitsCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClient

    def hits(self, windows: list[Window], now: float) -> list[tuple[int, float]]:
        """Count a request made ``now`` in each window that has room for it: for each,
        the requests it held before (and its oldest one's time)."""
        keys = [self.make_and_validate_key(key) for key, _allowed, _seconds in windows]
        args: list[str | int] = [repr(now)]
        for _key, allowed, seconds in windows:
            args += [allowed, seconds]
        # A KeptClient (``_class``): the stubs type ``_cache`` as the base's.
        counted = self._cache.count_hits(keys, args)  # type: ignore[attr-defined]
        return [(int(count), float(oldest)) for count, oldest in counted]


class LocalLimitsCache(LocMemCache):
    """One process's limits, counted as on Redis."""

    _counting = threading.Lock()

    def hits(self, windows: list[Window], now: float) -> list[tuple[int, float]]:
        answers = []
        with self._counting:
            for key, allowed, seconds in windows:
                times = [t for t in self.get(key, []) if t > now - seconds]
                answers.append((len(times), times[-1] if times else now))
                if len(times) < allowed:
                    self.set(key, [now, *times], seconds)
        return answers
