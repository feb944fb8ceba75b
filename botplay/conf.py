"""The bot protocol's settings, read from the environment (README: "Bot matches").

BOTS_FORFEIT_AFTER_FAULTS: faults after which a seat forfeits the game (K), in a bot
match and in a game on the site.
BOTS_ALLOW_PRIVATE_ENDPOINTS: let remote bots live on this machine or its private
network (default: on with DEBUG, for bots under development; off in production).
"""

from django.conf import settings

from config.env import env_bool, env_int

FORFEIT_AFTER_FAULTS = env_int("BOTS_FORFEIT_AFTER_FAULTS", 3)
ALLOW_PRIVATE_ENDPOINTS = env_bool("BOTS_ALLOW_PRIVATE_ENDPOINTS", settings.DEBUG)
