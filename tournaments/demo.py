"""Demo data for ``bin/run``: a league, an event in progress with some results, a few
bots. Idempotent: running it again finds what it made before and adds nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

from games.models import Bot
from tournaments.models import Entrant, Event, League, Round, Season, Seat, Table
from tournaments.results import SeatOutcome, do_record_result
from tournaments.standings import do_store_standings

PASSWORD = "leaguewright"
PLAYERS = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]
BUILTIN_BOTS = [("Randy", "random"), ("Gready", "greedy"), ("Seeker", "search")]


def ensure_user(username, **extra):
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"display_name": username.title(), "email": f"{username}@example.org", **extra},
    )
    if created:
        user.set_password(PASSWORD)
        user.save()
    return user


@transaction.atomic
def load_demo() -> str:
    ensure_user("admin", is_staff=True, is_superuser=True)
    olivia = ensure_user("olivia")
    players = [ensure_user(name) for name in PLAYERS]
    botty = ensure_user("botty")
    for name, key in BUILTIN_BOTS:
        Bot.objects.get_or_create(
            name=name, defaults={"owner": botty, "kind": Bot.Kind.BUILTIN, "builtin_key": key}
        )

    league, _ = League.objects.get_or_create(
        slug="tuesday-club",
        defaults={
            "name": "Tuesday Club",
            "description": "Weekly Call to Glory at the back room of the café.",
            "created_by": olivia,
        },
    )
    league.organisers.add(olivia)
    season, _ = Season.objects.get_or_create(league=league, name="Autumn 2026")
    event, created = Event.objects.get_or_create(
        slug="autumn-open-2026",
        defaults={
            "season": season,
            "name": "Autumn Open 2026",
            "table_size": 4,
            "rounds_planned": 3,
            "points_by_place": [4, 2, 1, 0],
            "status": Event.Status.RUNNING,
            "created_by": olivia,
            "rules_options": {"rounds": 4},
        },
    )
    if created:
        seat_first_round(event, players)
    return f"{event.name} at /events/{event.slug}/"


def seat_first_round(event, players):
    entrants = [Entrant.objects.create(event=event, user=p, name=str(p)) for p in players]
    first = Round.objects.create(event=event, number=1)
    for number, group in enumerate((entrants[:4], entrants[4:]), start=1):
        table = Table.objects.create(
            round=first, number=number, explanation={"summary": "demo seating"}
        )
        for position, entrant in enumerate(group):
            Seat.objects.create(table=table, entrant=entrant, position=position)
    table = first.tables.get(number=1)
    outcomes = [
        SeatOutcome(0, 148, 1),
        SeatOutcome(1, 131, 2),
        SeatOutcome(2, 97, 3),
        SeatOutcome(3, 90, 4),
    ]
    do_record_result(table, outcomes, source="organiser", detail={"note": "demo"})
    do_store_standings(event)
