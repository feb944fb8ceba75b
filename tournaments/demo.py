"""Demo data for ``bin/run``: a league and an event in progress with some results (the
demo's bots are the bots app's). Idempotent: running it again finds what it made before
and adds nothing."""

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.models import Entrant, Event, League, Season
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result
from tournaments.standings import do_store_standings

PASSWORD = "leaguewright"
PLAYERS = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]


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
    if not event.rounds.exists():
        pair_demo_rounds(event, players)
    return f"{event.name} at /events/{event.slug}/"


def pair_demo_rounds(event, players):
    """Round 1 paired by the real Swiss code and fully reported; round 2 paired and one
    table reported, so the status board has something to show."""
    for user in players:
        Entrant.objects.get_or_create(event=event, user=user, defaults={"name": str(user)})
    first = do_pair_round(event)
    for offset, table in enumerate(first.tables.filter(is_bye=False)):
        report(table, offset)
    second = do_pair_round(event)
    report(second.tables.filter(is_bye=False).first(), 7)
    do_store_standings(event)


def report(table, salt):
    count = table.seats.count()
    outcomes = [
        SeatOutcome(position, 150 - 17 * ((position + salt) % count), 1 + (position + salt) % count)
        for position in range(count)
    ]
    do_record_result(table, outcomes, source="organiser", detail={"note": "demo"})
