"""The bots app's settings, read from the environment (README: "Bot matches").

BOTS_MATCH_LEASE_SECONDS: how long a claimed match or chunk is held without a heartbeat
before another worker may take it over (the first worker is presumed dead).
BOTS_FORFEIT_AFTER_FAULTS: faults after which a seat forfeits the game (K).
BOTS_CHUNK_SIZE: games per task in a built-in-only batch.
BOTS_CHUNK_TASK_SECONDS: how long one chunk task goes on with its batch's next chunks.
BOTS_ALLOW_PRIVATE_ENDPOINTS: let remote bots live on this machine or its private
network (default: on with DEBUG, for bots under development; off in production).
"""

from django.conf import settings

from config.env import env_bool, env_int

MATCH_LEASE_SECONDS = env_int("BOTS_MATCH_LEASE_SECONDS", 60)
HEARTBEAT_SECONDS = max(1, MATCH_LEASE_SECONDS // 4)
FORFEIT_AFTER_FAULTS = env_int("BOTS_FORFEIT_AFTER_FAULTS", 3)
CHUNK_SIZE = env_int("BOTS_CHUNK_SIZE", 200)
CHUNK_TASK_SECONDS = env_int("BOTS_CHUNK_TASK_SECONDS", 10)
ALLOW_PRIVATE_ENDPOINTS = env_bool("BOTS_ALLOW_PRIVATE_ENDPOINTS", settings.DEBUG)
