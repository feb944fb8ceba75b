"""Whether an event may have working hooks (its own or its league's), asked before every
news of an event is queued: most events have none, and the round-end rush's official
results should not each pay a query to learn it (``tests/scoring/test_rush_queries.py``).

The answer is kept in the process's memory under the hooks' *generation*, a random
token in the cache every process shares (``limits``: Redis beside PostgreSQL). Adding a
hook or resuming one moves the generation on (as it writes and once it commits), so
every process asks the database again. A kept "no" is therefore never stale; a kept
"yes" may be (a hook deleted or paused since), which costs only the query it would have
cost anyway: pausing and deleting leave the generation alone. A token, not a counter,
so a generation lost from the cache never comes back with the old answers."""

import uuid

from django.core.cache import cache, caches
from django.db import transaction
from django.db.models import Q

from integrations.models import Hook

GENERATION_KEY = "integrations:hooks-generation"
KEPT_SECONDS = 60 * 60


def generation() -> str:
    shared = caches["limits"]
    token = shared.get(GENERATION_KEY)
    if token is None:
        shared.add(GENERATION_KEY, uuid.uuid4().hex, timeout=None)
        token = shared.get(GENERATION_KEY)
    return token


def may_have_hooks(event_id: int) -> bool:
    """False when neither the event nor its league has a working hook (no query when the
    answer is kept for this generation)."""
    key = f"integrations:any-hooks:{generation()}:{event_id}"
    kept = cache.get(key)
    if kept is None:
        owners = Q(event_id=event_id) | Q(league__seasons__events=event_id)
        kept = Hook.objects.filter(owners, paused_at__isnull=True).exists()
        cache.set(key, kept, KEPT_SECONDS)
    return kept


def next_generation() -> None:
    caches["limits"].set(GENERATION_KEY, uuid.uuid4().hex, timeout=None)


def hooks_changed() -> None:
    """A working hook may have appeared: every process asks again, now (for the code of
    this transaction) and once it commits (for a "no" another process read in between)."""
    next_generation()
    transaction.on_commit(next_generation)
