"""The bot protocol's settings, read from the environment (README: "Bot matches").

BOTS_FORFEIT_AFTER_FAULTS: faults after which a seat forfeits the game (K), in a bot
match and in a game on the site.
BOTS_ALLOW_PRIVATE_ENDPOINTS: let remote bots live on this machine or its private
network (default: on with DEBUG, for bots under development; off in production).
BOTS_SANDBOX_MEMORY_MB, BOTS_SANDBOX_CPU_SECONDS, BOTS_SANDBOX_SCRATCH_MB: an uploaded
bot's address space, CPU time and scratch folder (default 512 MB, 60 s, 16 MB).
"""

from django.conf import settings

from lib.env import env_bool, env_int

FORFEIT_AFTER_FAULTS = env_int("BOTS_FORFEIT_AFTER_FAULTS", 3)
ALLOW_PRIVATE_ENDPOINTS = env_bool("BOTS_ALLOW_PRIVATE_ENDPOINTS", settings.DEBUG)

# Uploaded bots' sandbox (botplay.sandbox, docs/bots.md "Uploaded bots"), per process.
SANDBOX_MEMORY_BYTES = env_int("BOTS_SANDBOX_MEMORY_MB", 512) * 2**20
SANDBOX_CPU_SECONDS = env_int("BOTS_SANDBOX_CPU_SECONDS", 60)
SANDBOX_SCRATCH_BYTES = env_int("BOTS_SANDBOX_SCRATCH_MB", 16) * 2**20
