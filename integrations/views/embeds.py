"""The embed pages (``integrations.embeds``)."""

from django.contrib.auth.models import AnonymousUser
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from integrations.calendars import address
from integrations.embeds import EMBED_ROWS, allow_framing
from standings.leaderboard import Leaderboard
from tournaments import live
from tournaments.league_changes import league_stamp
from tournaments.models import StandingRow
from tournaments.permissions import access_event, access_league


def followed(stream: str, slug: str, stamp: str) -> str:
    """The push stream's address, from the stamp the page was drawn at."""
    return reverse(stream, args=[slug]) + "?" + urlencode({"since": stamp})


@require_GET
def event_embed(request, slug):
    """The event's standings, as everyone sees them."""
    event = access_event(AnonymousUser(), slug)
    rows = StandingRow.objects.filter(event=event).select_related("entrant")[:EMBED_ROWS]
    context = {
        "title": event.name,
        "link": address(reverse("event-detail", args=[slug])),
        "push": reverse("push-event", args=[slug])
        + "?"
        + urlencode({"since": live.stamp_of(event)}),
        "rows": [(row.rank, row.entrant.name, row.points, row.games) for row in rows],
        "finished": event.is_finished,
    }
    return allow_framing(render(request, "integrations/embed.html", context))


@require_GET
def league_embed(request, slug):
    """The league's leaderboard over the events everyone may see."""
    league, events = access_league(AnonymousUser(), slug)
    lines = Leaderboard(league, events).lines[:EMBED_ROWS]
    shown = tuple(sorted(event.pk for event in events))
    context = {
        "title": league.name,
        "link": address(reverse("league-detail", args=[slug])),
        "push": followed("push-league", slug, league_stamp(league.pk, shown)),
        "rows": [(line.rank, line.name, line.points, line.events) for line in lines],
        "league": True,
    }
    return allow_framing(render(request, "integrations/embed.html", context))
