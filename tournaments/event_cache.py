"""The event page's shared part, cached under the event's *page version*.

When the pairings are released every player opens the event page at once. What they
see is mostly the same for everyone (the event's heading, its rounds, bracket,
standings and rank plot); what is theirs is small (what needs them: their table and
seat, an entry to confirm; their entry; organisers' tools). The shared part is built
once per version (and language) and kept in Django's cache; the reader's part is
read per request.

The version is read in the same query as the event (``with_page_version``): the event's
own fields the part shows (and its game's name), ``standings_version`` (bumped by every
change of the stored standings), its published rounds' number and revisions (pairing,
publishing, pairing again, swapping seats) and its results (how many, the latest
written: every result goes through ``tournaments.results.store_result``, whose save
stamps ``recorded_at``).
So a new result, pairing or round change is a new version, shown at once, and nothing
is ever invalidated. It is read from the data rather than counted by the writers: a
counter on the event's row would make every result of a rush wait for that row's lock.
"""

import hashlib

from django.db.models import Count, IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from tournaments.models import Result, Round


def with_page_version(events):
    """Annotate what the shared part's version needs besides the event's fields:
    the last published round's number (shown as the list of rounds), the rounds'
    revisions and the results (count and latest)."""
    published = Round.objects.filter(event=OuterRef("pk"), draft=False)
    results = Result.objects.filter(table__round__event=OuterRef("pk"), table__round__draft=False)
    return events.annotate(
        last_round=Subquery(published.order_by("-number").values("number")[:1]),
        rounds_revision=Coalesce(
            Subquery(
                published.values("event").annotate(s=Sum("revision")).values("s")[:1],
                output_field=IntegerField(),
            ),
            0,
        ),
        results_count=Coalesce(
            Subquery(results.values("table__round__event").annotate(n=Count("pk")).values("n")[:1]),
            0,
        ),
        results_latest=Subquery(results.order_by("-recorded_at").values("recorded_at")[:1]),
    )


def page_version(event) -> str:
    """The shared part's version: everything it shows, as a short key."""
    league = event.season.league
    parts = [
        event.pk,
        event.name,
        str(event.game_type),  # a catalogue game may be renamed
        event.format,
        event.table_size,
        event.status,
        event.is_archived,
        event.cut,
        event.season.name,
        league.name,
        event.standings_version,
        event.last_round,
        event.rounds_revision,
        event.results_count,
        event.results_latest,
    ]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
