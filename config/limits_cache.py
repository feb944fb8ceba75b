"""The ``limits`` cache on Redis (``config.throttles`` counts every API request in it),
with one Redis client per process instead of one per command.

Django's Redis cache builds a new ``redis.Redis`` object for every ``get`` and ``set``
(its connection pool is kept, but the client's setup, its table of some 170 response
callbacks, is not): about half a millisecond of CPU each, four of them for every API
write (two throttles, a read and a write each). A ``redis.Redis`` client is safe to share
between threads (each command borrows a connection from the pool), so one is kept per
connection pool.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):  # noqa: ARG002 - Django's signature
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class LimitsCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptClient
