"""A league's confirmed results as a BG Stats file, and the round trip: exported, then
imported into a fresh league, they give the same standings and leaderboard."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.catalogue_games import do_add_catalogue_game
from standings.computing import do_store_standings
from standings.leaderboard import Leaderboard
from standings.ratings import do_rebuild_ratings
from tests.fixtures.personas import make_user
from tournaments.bgstats.export import bgstats_file
from tournaments.entrants import do_add_entrant, do_add_walk_in
from tournaments.leagues import do_create_event, do_create_league, do_create_season
from tournaments.models import Event, League, Result, StandingRow
from tournaments.open_league import do_log_game

pytestmark = pytest.mark.django_db

# (entrant index, score) in seat order; places follow the scores (fewer win at golf).
CARCASSONNE = [
    [(0, 34), (1, 28), (2, 41)],
    [(3, 22), (4, 30)],
    [(0, 25), (3, 25), (1, 19), (4, 31)],
    [(2, 40), (4, 33), (0, 36), (1, 36), (3, 12)],
]
GOLF = [[(0, 12), (1, 20)], [(2, 30), (3, 18), (1, 18)], [(4, 9), (0, 11)]]


def placed(played, lower_wins=False):
    scores = [score for _, score in played]
    better = (lambda a, b: a < b) if lower_wins else (lambda a, b: a > b)
    return [(who, score, 1 + sum(better(o, score) for o in scores)) for who, score in played]


def club(organiser, django_user_model):
    """A league with an open league of Carcassonne and one of golf (fewer points win),
    four people and a walk-in, each game's results logged and standings stored."""
    league = do_create_league(organiser, name="Thursday Games", slug="thursday-games")
    season = do_create_season(league, name="Winter")
    carcassonne = do_add_catalogue_game(
        organiser,
        name="Carcassonne",
        min_players=2,
        max_players=5,
        scoring="high",
        ties="share",
        bgg_id=822,
    )
    golf = do_add_catalogue_game(
        organiser, name="Golf", min_players=2, max_players=4, scoring="low", ties="share"
    )
    people = [make_user(django_user_model, name) for name in ("ann_a", "ben_b", "cat_c", "dan_d")]
    walk_in = None
    for game, games, lower in ((carcassonne, CARCASSONNE, False), (golf, GOLF, True)):
        event = do_create_event(
            season,
            organiser,
            name=f"{game.name} evenings",
            slug=f"{game.key}-evenings",
            game=game.key,
            format="open",
            table_size=game.max_players,
        )
        entrants = [do_add_entrant(event, user=user) for user in people]
        if walk_in is None:  # one walk-in, in both events
            entrants.append(do_add_walk_in(event, "Eve Walker"))
            walk_in = entrants[-1].user
        else:
            entrants.append(do_add_entrant(event, user=walk_in))
        for played in games:
            seats = [(entrants[who].pk, s, p) for who, s, p in placed(played, lower)]
            do_log_game(event, seats, by=organiser)
    settle(league)
    return league


def settle(league):
    for event in Event.objects.filter(season__league=league):
        do_store_standings(event)
        do_rebuild_ratings(league.pk, event.game)


def exported(user, slug):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/leagues/{slug}/export/bgstats/")


def standings(league) -> dict:
    return {
        event.game: [
            (row.rank, row.entrant.name, row.points, row.games, row.tiebreaks)
            for row in StandingRow.objects.filter(event=event).select_related("entrant")
        ]
        for event in Event.objects.filter(season__league=league)
    }


def board(league) -> list:
    events = list(Event.objects.filter(season__league=league))
    return [
        (line.rank, line.name, line.events, line.wins, line.points, line.rating)
        for line in Leaderboard(league, events).lines
    ]


def test_the_export_writes_every_result_in_bgstats_fields(organiser, django_user_model):
    league = club(organiser, django_user_model)
    answer = exported(None, league.slug)
    assert answer.status_code == 200
    file = answer.json()
    assert [place["name"] for place in file["locations"]] == ["Thursday Games"]
    names = {player["id"]: player["name"] for player in file["players"]}
    assert sorted(names.values()) == ["Ann A", "Ben B", "Cat C", "Dan D", "Eve Walker"]
    games = {game["id"]: game for game in file["games"]}
    carcassonne = next(g for g in games.values() if g["name"] == "Carcassonne")
    golf = next(g for g in games.values() if g["name"] == "Golf")
    assert (carcassonne["bggId"], carcassonne["highestWins"], carcassonne["noPoints"]) == (
        822,
        True,
        False,
    )
    assert (golf["bggId"], golf["highestWins"]) == (0, False)
    assert len(file["plays"]) == Result.objects.count() == len(CARCASSONNE) + len(GOLF)
    first = file["plays"][0]
    assert first["gameRefId"] == carcassonne["id"] and first["locationRefId"] == 1
    assert first["playDate"] and first["durationMin"] == 0
    assert [
        (
            names[s["playerRefId"]],
            s["score"],
            s["rank"],
            s["winner"],
            s["seatOrder"],
            s["startPlayer"],
        )
        for s in first["playerScores"]
    ] == [
        ("Ann A", "34", 2, False, 0, True),
        ("Ben B", "28", 3, False, 1, False),
        ("Cat C", "41", 1, True, 2, False),
    ]
    tie = file["plays"][3]["playerScores"]
    assert [s["rank"] for s in tie] == [1, 4, 2, 2, 5]  # Ann and Ben share second
    again = exported(organiser, league.slug).json()
    assert [play["uuid"] for play in again["plays"]] == [play["uuid"] for play in file["plays"]]


def test_the_page_downloads_the_same_file(organiser, django_user_model, client):
    league = club(organiser, django_user_model)
    response = client.get(f"/leagues/{league.slug}/export/bgstats/")
    assert response["Content-Disposition"] == 'attachment; filename="thursday-games-bgstats.json"'
    assert json.loads(response.content)["plays"] == exported(None, league.slug).json()["plays"]
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert f'href="/leagues/{league.slug}/export/bgstats/"' in page


def test_a_private_league_exports_only_to_whom_may_see_it(organiser, outsider, django_user_model):
    league = club(organiser, django_user_model)
    League.objects.filter(pk=league.pk).update(visibility="private")
    Event.objects.filter(season__league=league).update(visibility="private")
    assert exported(outsider, league.slug).status_code == 403
    assert len(exported(organiser, league.slug).json()["plays"]) == len(CARCASSONNE) + len(GOLF)


def test_the_round_trip_gives_the_same_standings(organiser, django_user_model):
    league = club(organiser, django_user_model)
    file = exported(organiser, league.slug).json()
    fresh = do_create_league(organiser, name="Thursday Games again", slug="again")
    do_create_season(fresh, name="Winter")
    client = APIClient()
    client.force_authenticate(organiser)
    answer = client.post("/api/leagues/again/import/bgstats/", {"file": file}, format="json")
    assert answer.json()["imported"] == len(CARCASSONNE) + len(GOLF)
    settle(fresh)
    assert standings(fresh) == standings(league)
    assert board(fresh) == board(league)

    back = client.post(
        f"/api/leagues/{league.slug}/import/bgstats/", {"file": file}, format="json"
    ).json()
    assert {play["status"] for play in back["plays"]} == {"duplicate"}  # its own results
    twice = client.post("/api/leagues/again/import/bgstats/", {"file": file}, format="json")
    assert {play["status"] for play in twice.json()["plays"]} == {"duplicate"}
    exported_again = exported(organiser, "again").json()
    assert [p["uuid"] for p in exported_again["plays"]] == [p["uuid"] for p in file["plays"]]
    assert [p["playDate"] for p in exported_again["plays"]] == [
        p["playDate"] for p in file["plays"]
    ]


def test_the_export_reads_the_same_queries_however_many_results(organiser, django_user_model):
    league = club(organiser, django_user_model)
    events = list(Event.objects.filter(season__league=league))

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            bgstats_file(league, events)
        return len(captured)

    before = queries()
    event = Event.objects.get(season__league=league, name="Carcassonne evenings")
    entrants = list(event.entrants.order_by("pk"))
    for _ in range(5):
        do_log_game(event, [(entrants[0].pk, 3, 1), (entrants[1].pk, 2, 2)], by=organiser)
    assert queries() == before
