"""What moves a league's leaderboard on (``tournaments.views.events.league_detail``):
the stored standings of the events it counts (each event's ``standings_version``, bumped
and announced on the event's channel when they change), the events' statuses, and the
league's ratings (announced on the league's own key, ``tournaments.live``)."""

import hashlib

from django.db.models import Count, Max

from tournaments.models import Event, Rating


def league_stamp(league_id: int, event_ids: tuple[int, ...]) -> str:
    events = Event.objects.filter(pk__in=event_ids).order_by("pk")
    shown = list(events.values_list("pk", "standings_version", "status", "archived_at"))
    ratings = Rating.objects.filter(league_id=league_id).aggregate(
        count=Count("pk"), newest=Max("pk")
    )
    parts = [shown, sorted(ratings.items())]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
