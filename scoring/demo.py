"""Demo data of the scoring app: a league played at real tables, with confirmed, pending
and disputed results, and a Call to Adventure night. Idempotent; it runs after the
tournaments' demo, whose players it seats."""

from django.contrib.auth import get_user_model
from django.db import transaction

from games.models import GameKey
from scoring.deciding import do_confirm_result, do_dispute_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tournaments.models import Entrant, Event, League, Round, Season, Seat, Table

GLORY = Submission.Kind.GLORY_TABLE


def seat_table(round_, number, entrants):
    table = Table.objects.create(
        round=round_, number=number, explanation={"summary": "seated by the organiser"}
    )
    for position, entrant in enumerate(entrants):
        Seat.objects.create(table=table, entrant=entrant, position=position)
    return table


def new_event(season, slug, name, game, users, organiser, **fields):
    event = Event.objects.create(
        season=season,
        slug=slug,
        name=name,
        game=game,
        created_by=organiser,
        status=Event.Status.RUNNING,
        **fields,
    )
    entrants = [Entrant.objects.create(event=event, user=u, name=str(u)) for u in users]
    return event, Round.objects.create(event=event, number=1), entrants


def rounds(*sets):
    return {"rounds": [{"sets": list(sets)}]}


# The Adventure Night's table: two heroes' final tableaux.
TABLEAUX = {
    "players": [
        {
            "printed": {"triumph": 17, "tragedy": 2},
            "story_icons": {"nature": 4},
            "abilities": {"wisdom": 3},
            "corruption": {"level": 4},
            "experience": 2,
            "hero_cards": 2,
            "antihero_cards": 1,
            "destiny": {"triumph": 4, "tragedy": 0},
        },
        {
            "printed": {"triumph": 20, "tragedy": 6},
            "story_icons": {"royalty": 3},
            "corruption": {"level": 3},
            "experience": 3,
            "destiny": {"triumph": 6, "tragedy": 0},
        },
    ]
}


def real_tables_season(organiser) -> Season:
    league, _ = League.objects.get_or_create(
        slug="cafe-real-tables",
        defaults={
            "name": "Café real tables",
            "created_by": organiser,
            "description": "Games with real cards; players enter and confirm scores.",
        },
    )
    season, _ = Season.objects.get_or_create(league=league, name="2026")
    return season


def cafe_cup(season, users) -> Event:
    """A Call to Glory event of three tables: one result confirmed, one pending, one
    disputed."""
    names = ["ann", "ben", "cat", "dan", "eve", "fay"]
    event, first, entrants = new_event(
        season,
        "cafe-cup-2026",
        "Café Cup 2026",
        GameKey.CALL_TO_GLORY,
        [users[n] for n in names],
        users["olivia"],
        table_size=2,
        rounds_planned=1,
        points_by_place=[3, 1],
        rules_options={"rounds": 1},
    )
    confirmed, pending, disputed = (
        seat_table(first, n, entrants[2 * n - 2 : 2 * n]) for n in (1, 2, 3)
    )
    submission = do_submit_result(
        confirmed,
        GLORY,
        rounds({"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2}, {"20": 3, "16": 3}),
        users["ann"],
    )
    do_confirm_result(submission, users["ben"])
    do_submit_result(
        pending, GLORY, rounds({"20": 4, "14": 2, "9": 2}, {"16": 3, "18": 2}), users["cat"]
    )
    submission = do_submit_result(
        disputed, GLORY, rounds({"12": 3, "7": 2}, {"20": 2, "18": 3, "6": 2}), users["eve"]
    )
    do_dispute_result(submission, users["fay"], "My Monks were laid before the round ended.")
    return event


def adventure_night(season, users) -> Event:
    """A Call to Adventure event of one table, its result confirmed."""
    night, table_round, (gus, hal) = new_event(
        season,
        "adventure-night-2026",
        "Adventure Night",
        GameKey.CALL_TO_ADVENTURE,
        [users["gus"], users["hal"]],
        users["olivia"],
        table_size=2,
        rounds_planned=1,
        points_by_place=[3, 1],
    )
    table = seat_table(table_round, 1, [gus, hal])
    submission = do_submit_result(table, Submission.Kind.ADVENTURE, TABLEAUX, users["gus"])
    do_confirm_result(submission, users["hal"])
    return night


@transaction.atomic
def load_demo() -> str:
    if Event.objects.filter(slug="cafe-cup-2026").exists():
        return "already loaded"
    users = {u.username: u for u in get_user_model().objects.all()}
    season = real_tables_season(users["olivia"])
    event = cafe_cup(season, users)
    night = adventure_night(season, users)
    return f"{event.name} (/events/{event.slug}/) and {night.name}"
