"""What a person's to-do list (``tournaments.todo``, on their home page) follows: it
changes when something changes in an event they play in or organise (a round paired or
published, an entry to confirm, a result, the event finished or archived), each
announced on that event's channel (``tournaments.live``). So their to-do stream
(``tournaments.views.push``) hears the channels of those events, and its stamp is the
list itself, as the page words it: a change that leaves the list as it was moves
nothing on the page. An event they join later, and what belongs to no event (play: a
challenge to answer), is seen when the stream reads the list again all the same
(``live.REFRESH_SECONDS``) or starts again (its lifetime)."""

import hashlib

from django.db.models import Q
from django.utils import translation

from tournaments.models import Event
from tournaments.todo import todo_for

# The most events whose channels one person's stream hears (the newest).
MOST_EVENTS = 100


def todo_events(user) -> tuple[int, ...]:
    """The events not archived that ``user`` plays in or organises, newest first."""
    concerned = Event.objects.filter(
        Q(entrants__user=user)
        | Q(created_by=user)
        | Q(organisers=user)
        | Q(season__league__created_by=user)
        | Q(season__league__organisers=user),
        archived_at__isnull=True,
    )
    ids = concerned.order_by("-pk").values_list("pk", flat=True).distinct()
    return tuple(ids[:MOST_EVENTS])


def todo_stamp(items) -> str:
    """The to-do list as shown: each item's action, words and page."""
    shown = [(item.action, item.text, item.url) for item in items]
    return hashlib.blake2b(repr(shown).encode(), digest_size=12).hexdigest()


def read_todo_stamp(user, language: str) -> str:
    """``user``'s list in ``language`` (the page's), as the stream reads it."""
    with translation.override(language):
        return todo_stamp(todo_for(user))
