"""Calendars (iCal, RFC 5545, written with ``icalendar``): a league's feed (its events
everyone may see: their start, registration's close, each published round while its
clock runs) and a person's (the same for the events they entered, and the deadlines of
their turns in correspondence games), behind an unguessable token they can reset."""

from datetime import timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar
from icalendar import Event as Entry

from integrations.models import CalendarToken, new_secret
from play.models import Game, Pace
from tournaments.models import Entrant, Event, Round

MOST_EVENTS = 200  # events a feed lists, the latest first
MOST_GAMES = 100  # correspondence games a person's feed lists


def address(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def calendar(name: str) -> Calendar:
    feed = Calendar()
    feed.add("prodid", "-//Leaguewright//Leaguewright//EN")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", name)
    return feed


def entry(uid: str, summary: str, start, url: str, end=None) -> Entry:
    item = Entry()
    item.add("uid", f"{uid}@leaguewright")
    item.add("dtstamp", timezone.now())
    item.add("dtstart", start)
    if end is not None and end > start:
        item.add("dtend", end)
    item.add("summary", summary)
    item.add("url", url)
    return item


def event_entries(event: Event, rounds: list[Round]) -> list[Entry]:
    """The event's start (lasting its planned rounds when their length is known), its
    registration's close and each published round with its clock."""
    url = address(reverse("event-detail", args=[event.slug]))
    items = []
    if event.starts_at is not None:
        end = None
        if event.round_minutes and event.rounds_planned:
            end = event.starts_at + timedelta(minutes=event.round_minutes * event.rounds_planned)
        items.append(entry(f"event-{event.slug}", event.name, event.starts_at, url, end))
    if event.registration_closes is not None:
        summary = _("%(event)s: registration closes") % {"event": event.name}
        items.append(entry(f"registration-{event.slug}", summary, event.registration_closes, url))
    for round_ in rounds:
        summary = _("%(event)s: round %(round)s") % {"event": event.name, "round": round_.number}
        round_url = address(reverse("round-detail", args=[event.slug, round_.number]))
        items.append(
            entry(
                f"round-{event.slug}-{round_.number}",
                summary,
                round_.paired_at,
                round_url,
                round_.clock_ends_at,
            )
        )
    return items


def rounds_of(events: list[Event]) -> dict[int, list[Round]]:
    by_event: dict[int, list[Round]] = {event.pk: [] for event in events}
    published = Round.objects.filter(event__in=events, draft=False).order_by("number")
    for round_ in published:
        by_event[round_.event_id].append(round_)
    return by_event


def feed_of_events(name: str, events: list[Event]) -> Calendar:
    feed = calendar(name)
    rounds = rounds_of(events)
    for event in events:
        for item in event_entries(event, rounds[event.pk]):
            feed.add_component(item)
    return feed


def league_feed(league, events: list[Event]) -> bytes:
    """``events``: those of the league everyone may see."""
    latest = sorted(events, key=lambda event: event.pk, reverse=True)[:MOST_EVENTS]
    return feed_of_events(league.name, latest).to_ical()


def person_feed(user) -> bytes:
    entered = Entrant.objects.filter(user=user, status=Entrant.Status.ACTIVE).values("event")
    events = list(
        Event.objects.filter(pk__in=entered)
        .select_related("season__league")
        .order_by("-pk")[:MOST_EVENTS]
    )
    feed = feed_of_events(_("Leaguewright: %(name)s") % {"name": user}, events)
    for item in turn_deadlines(user):
        feed.add_component(item)
    return feed.to_ical()


def turn_deadlines(user) -> list[Entry]:
    """The person's turns in correspondence games, each due at its deadline."""
    games = Game.objects.filter(
        status=Game.Status.PLAYING,
        pace=Pace.CORRESPONDENCE,
        deadline__isnull=False,
        seats__user=user,
    ).prefetch_related("seats")[:MOST_GAMES]
    items = []
    for game in games:
        mine = [seat.position for seat in game.seats.all() if seat.user_id == user.pk]
        if game.to_move in mine:
            url = address(reverse("play:game", args=[game.pk]))
            summary = _("Your move is due")
            items.append(entry(f"turn-{game.pk}-{game.moves}", summary, game.deadline, url))
    return items


def token_of(user) -> CalendarToken:
    return CalendarToken.objects.get_or_create(user=user)[0]


def do_reset_token(user) -> CalendarToken:
    """A new address for the person's feed: the old one answers 404 from now on."""
    token = token_of(user)
    token.token = new_secret()
    token.save(update_fields=["token"])
    return token
