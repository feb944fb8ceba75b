"""BG Stats files written by hand for the tests, from the fields the format documents
(players, locations, games with bggId, plays with uuid, playDate, durationMin,
gameRefId, locationRefId and playerScores): a Tuesday club's evening of Carcassonne,
a golf-like card game where fewer points win, and a cooperative game."""

import copy

import pytest

from tests.fixtures.personas import make_user
from tournaments.models import Entrant, Event, Season

CARCASSONNE = {
    "id": 1,
    "uuid": "0b9c0f52-6f5a-4c61-9c1e-3f1f0a6d2c11",
    "name": "Carcassonne",
    "modificationDate": "2026-11-24 22:00:00",
    "cooperative": False,
    "highestWins": True,
    "noPoints": False,
    "usesTeams": False,
    "bggName": "Carcassonne",
    "bggYear": 2000,
    "bggId": 822,
    "minPlayerCount": 2,
    "maxPlayerCount": 5,
}
GOLF = {
    "id": 2,
    "uuid": "5d4c3b2a-1f0e-4d9c-8b7a-6a5b4c3d2e1f",
    "name": "Golf (card game)",
    "modificationDate": "2026-11-24 22:00:00",
    "cooperative": False,
    "highestWins": False,
    "noPoints": False,
    "usesTeams": False,
    "bggId": 0,
}
PANDEMIC = {
    "id": 3,
    "uuid": "7e6d5c4b-3a29-4817-a6b5-c4d3e2f1a0b9",
    "name": "Pandemic",
    "modificationDate": "2026-11-24 22:00:00",
    "cooperative": True,
    "highestWins": True,
    "noPoints": True,
    "usesTeams": False,
    "bggId": 30549,
}


def player(ref: int, name: str) -> dict:
    return {
        "uuid": f"00000000-0000-4000-8000-{ref:012d}",
        "id": ref,
        "name": name,
        "isAnonymous": False,
        "modificationDate": "2026-11-24 22:00:00",
    }


def score(ref: int, points: str, seat: int, winner=False, rank=0) -> dict:
    return {
        "score": points,
        "winner": winner,
        "newPlayer": False,
        "startPlayer": seat == 0,
        "playerRefId": ref,
        "role": "",
        "rank": rank,
        "seatOrder": seat,
    }


def play(number: int, game: int, when: str, scores: list, **more) -> dict:
    return {
        "uuid": f"c0ffee00-0000-4000-8000-{number:012d}",
        "modificationDate": when,
        "entryDate": when,
        "playDate": when,
        "usesTeams": False,
        "durationMin": 35,
        "ignored": False,
        "manualWinner": False,
        "rounds": 0,
        "locationRefId": 1,
        "gameRefId": game,
        "board": "",
        "scoringSetting": 0,
        "playerScores": scores,
        **more,
    }


ANN, BEN, ZOE, CAT = 1, 2, 3, 4

EVENING = {
    "about": "written by hand for Leaguewright's tests",
    "players": [
        player(ANN, "Ann Archer"),
        player(BEN, "Ben Baker"),
        player(ZOE, "Zoe Zed"),
        player(CAT, "Cat Carter"),
    ],
    "locations": [
        {
            "uuid": "11111111-2222-4333-8444-555555555555",
            "id": 1,
            "name": "Café back room",
            "modificationDate": "2026-11-24 22:00:00",
        }
    ],
    "games": [CARCASSONNE, GOLF, PANDEMIC],
    "plays": [
        # 1. Carcassonne by scores: Zoe 40, Ann 31, Ben 24.
        play(
            1,
            1,
            "2026-11-24 19:30:00",
            [score(ANN, "31", 0), score(BEN, "24", 1), score(ZOE, "40", 2, winner=True)],
        ),
        # 2. Carcassonne ranked by hand (a tie for first), scores left empty.
        play(
            2,
            1,
            "2026-11-24 20:30:00",
            [
                score(BEN, "", 0, winner=True, rank=1),
                score(ANN, "", 1, winner=True, rank=1),
                score(CAT, "", 2, rank=3),
            ],
        ),
        # 3. Golf: fewer is better, Ben 12 wins over Cat 20.
        play(3, 2, "2026-11-24 21:15:00", [score(CAT, "20", 0), score(BEN, "12", 1, winner=True)]),
        # 4. Pandemic: cooperative, refused.
        play(
            4,
            3,
            "2026-11-24 21:45:00",
            [score(ANN, "", 0, winner=True), score(BEN, "", 1, winner=True)],
        ),
        # 5. Carcassonne alone: no table, refused.
        play(5, 1, "2026-11-24 22:30:00", [score(ANN, "55", 0, winner=True)]),
        # 6. A score the site cannot store: refused.
        play(6, 1, "2026-11-24 23:00:00", [score(ANN, "12.5", 0), score(BEN, "30", 1)]),
    ],
    "userInfo": {"meRefId": ANN, "exportDate": "2026-11-25 08:00:00", "appVersion": "v7"},
}


def evening() -> dict:
    """A fresh copy, to change freely."""
    return copy.deepcopy(EVENING)


@pytest.fixture
def club_season(league, organiser, django_user_model):
    """The league's open season, where Ann Archer and Ben Baker played a Swiss."""
    season = Season.objects.create(league=league, name="Autumn")
    swiss = Event.objects.create(
        season=season, name="Autumn Open", slug="autumn-open", created_by=organiser
    )
    for username in ("ann_archer", "ben_baker"):
        user = make_user(django_user_model, username)
        Entrant.objects.create(event=swiss, user=user, name=str(user))
    return season
