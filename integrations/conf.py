"""Integrations' settings, read from the environment (docs/integrations.md).

HOOKS_ALLOW_PRIVATE_ADDRESSES: let hooks call this machine or its private network
(default: on with DEBUG, for receivers under development; off in production).
"""

from django.conf import settings

from lib.env import env_bool, env_int

ALLOW_PRIVATE_ADDRESSES = env_bool("HOOKS_ALLOW_PRIVATE_ADDRESSES", settings.DEBUG)
PER_OWNER = env_int("HOOKS_PER_OWNER", 10)  # hooks of one league or one event
TRIES = env_int("HOOKS_TRIES", 6)  # tries of one delivery before it is given up
PAUSE_AFTER = env_int("HOOKS_PAUSE_AFTER", 10)  # failed tries in a row that pause a hook
FIRST_RETRY_SECONDS = env_int("HOOKS_FIRST_RETRY_SECONDS", 30)  # doubled at each retry
LONGEST_RETRY_SECONDS = FIRST_RETRY_SECONDS * 2 ** max(0, TRIES - 2)  # the last retry's wait
TIMEOUT_SECONDS = 10  # a receiver's whole answer, connecting included
ANSWER_LIMIT = 64 * 1024  # bytes of a receiver's answer read
KEPT_DELIVERIES = 100  # the log of each hook
CHAT_MESSAGE_LIMIT = 2000  # characters: Discord's cap on a message
