"""Demo data for ``bin/run``: a league and an event in progress with some results, and an
open league of Carcassonne (a catalogue game) with a few logged games (the demo's bots
are the bots app's). Idempotent: running it again finds what it made before and adds
nothing."""

from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction

from games.catalogue_games import do_add_catalogue_game, find_catalogue_game
from tournaments.models import Entrant, Event, League, Season
from tournaments.open_league import do_log_game
from tournaments.pairing import do_pair_round
from tournaments.ranking import do_store_standings
from tournaments.results import SeatOutcome, do_record_result

PASSWORD = "leaguewright"
PLAYERS = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]


@cache
def demo_password_hash() -> str:
    """The demo password hashed once for every demo login: hashing it for each of them
    was 7 of the demo's 9 seconds (a password hash is slow on purpose)."""
    return make_password(PASSWORD)


def ensure_user(username, **extra):
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"display_name": username.title(), "email": f"{username}@example.org", **extra},
    )
    if created:
        user.password = demo_password_hash()
        user.save(update_fields=["password"])
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
    carcassonne_nights(season, olivia, players)
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


# Carcassonne evenings as logged: (player index, score), in seat order.
CARCASSONNE_GAMES = [
    [(0, 34), (1, 28), (2, 41)],
    [(3, 22), (4, 30)],
    [(0, 25), (3, 25), (5, 19), (6, 31)],
    [(1, 40), (7, 33), (4, 36)],
    [(2, 27), (0, 38), (7, 29)],
]


def carcassonne_nights(season, olivia, players):
    """An open league of Carcassonne, added to the site's games as a catalogue game
    (BoardGameGeek 822), with a few games logged."""
    game = find_catalogue_game(bgg_id=822, name="Carcassonne") or do_add_catalogue_game(
        None,  # the site's own: site-wide
        name="Carcassonne",
        min_players=2,
        max_players=5,
        scoring="high",
        ties="share",
        bgg_id=822,
    )
    event, _ = Event.objects.get_or_create(
        slug="carcassonne-nights-2026",
        defaults={
            "season": season,
            "name": "Carcassonne nights",
            "game": game.key,
            "format": "open",
            "table_size": 5,
            "points_by_place": [5, 4, 3, 2, 1],
            "status": Event.Status.RUNNING,
            "created_by": olivia,
        },
    )
    event.organisers.add(olivia)
    if event.rounds.exists():
        return
    entrants = [
        Entrant.objects.get_or_create(event=event, user=user, defaults={"name": str(user)})[0]
        for user in players
    ]
    for played in CARCASSONNE_GAMES:
        scores = [score for _, score in played]
        do_log_game(
            event,
            [
                (entrants[who].pk, score, 1 + sum(other > score for other in scores))
                for who, score in played
            ],
            by=olivia,
        )
    do_store_standings(event)
