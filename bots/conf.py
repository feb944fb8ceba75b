"""The bots app's settings, read from the environment (README: "Bot matches").

BOTS_MATCH_LEASE_SECONDS: how long a claimed match or chunk is held without a heartbeat
before another worker may take it over (the first worker is presumed dead).
BOTS_CHUNK_SIZE: games per task in a built-in-only batch.
BOTS_CHUNK_TASK_SECONDS: how long one chunk task goes on with its batch's next chunks.
(The bot protocol's own settings, forfeits and private endpoints, are
``botplay.conf``.)
"""

from lib.env import env_int

MATCH_LEASE_SECONDS = env_int("BOTS_MATCH_LEASE_SECONDS", 60)
HEARTBEAT_SECONDS = max(1, MATCH_LEASE_SECONDS // 4)
CHUNK_SIZE = env_int("BOTS_CHUNK_SIZE", 200)
CHUNK_TASK_SECONDS = env_int("BOTS_CHUNK_TASK_SECONDS", 10)
