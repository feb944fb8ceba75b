"""Taking a BG Stats file into a league: the hand-written evening lands in the open
season's open league of each game, as confirmed results of the source "import"; a play
imported before is skipped, an unknown player is made a walk-in or has their plays
skipped, a play the site cannot take is refused alone; a bad file changes nothing."""

import pytest
from rest_framework.test import APIClient

from games.catalogue_games import do_add_catalogue_game
from games.models import CatalogueGame
from tests.tournaments.bgstats_files import evening
from tournaments.models import Entrant, Event, ImportedPlay, Result, Season, SeatResult

pytestmark = pytest.mark.django_db

URL = "/api/leagues/tuesday-club/import/bgstats/"


def send(user, file, unmatched=None, league="tuesday-club"):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    body = {"file": file} if unmatched is None else {"file": file, "unmatched": unmatched}
    return client.post(f"/api/leagues/{league}/import/bgstats/", body, format="json")


def statuses(answer) -> list[str]:
    return [play["status"] for play in answer["plays"]]


def seats_of(play_uuid) -> list[tuple[str, int, int]]:
    result = ImportedPlay.objects.get(uuid=play_uuid).result
    return [(s.entrant.name, s.score, s.place) for s in result.seats.select_related("entrant")]


def test_the_evening_lands_as_confirmed_results_of_the_open_season(club_season, organiser):
    answer = send(organiser, evening()).json()
    assert statuses(answer) == ["imported"] * 3 + ["refused"] * 3
    assert answer["imported"] == 3
    reasons = [play["reason"] for play in answer["plays"]]
    assert "cooperative" in reasons[3]
    assert "2 to 6 players; this play has 1" in reasons[4]
    assert "Ann Archer's score 12.5 is not a whole number" in reasons[5]

    carcassonne = CatalogueGame.objects.get(bgg_id=822)
    assert (carcassonne.name, carcassonne.scoring) == ("Carcassonne", "high")
    golf = CatalogueGame.objects.get(name="Golf (card game)")
    assert (golf.scoring, golf.bgg_id) == ("low", None)
    plays = Event.objects.get(season=club_season, game=carcassonne.key)
    assert plays.name == "Carcassonne" and plays.logs_games
    assert answer["plays"][0]["event"] == plays.slug

    first, second, third = (play["uuid"] for play in answer["plays"][:3])
    assert seats_of(first) == [("Ann Archer", 31, 2), ("Ben Baker", 24, 3), ("Zoe Zed", 40, 1)]
    assert seats_of(second) == [("Ben Baker", 0, 1), ("Ann Archer", 0, 1), ("Cat Carter", 0, 3)]
    assert seats_of(third) == [("Cat Carter", 20, 2), ("Ben Baker", 12, 1)]
    imported = Result.objects.filter(table__round__event__season=club_season)
    assert set(imported.values_list("source", flat=True)) == {"import"}

    ann = Entrant.objects.get(event=plays, name="Ann Archer")
    assert ann.user.username == "ann_archer"  # a person of the league, by name
    cat = Entrant.objects.filter(name="Cat Carter")
    assert cat.count() == 2 and len({e.user_id for e in cat}) == 1  # one walk-in
    assert all(entrant.is_walk_in for entrant in cat)
    kept = ImportedPlay.objects.get(uuid=first)
    assert kept.minutes == 35 and kept.played_at.hour == 19


def test_a_play_imported_before_is_skipped(club_season, organiser):
    file = evening()
    file["plays"] = file["plays"][:1]
    assert statuses(send(organiser, file).json()) == ["imported"]
    results = Result.objects.count()
    again = send(organiser, evening()).json()
    assert statuses(again)[:3] == ["duplicate", "imported", "imported"]
    assert Result.objects.count() == results + 2
    assert statuses(send(organiser, evening()).json())[:3] == ["duplicate"] * 3
    assert Result.objects.count() == results + 2
    assert Entrant.objects.filter(name="Zoe Zed").count() == 1


def test_unmatched_players_are_skipped_with_their_plays_when_asked(club_season, organiser):
    answer = send(organiser, evening(), unmatched="skip").json()
    assert statuses(answer)[:3] == ["unmatched"] * 3
    assert answer["plays"][0]["reason"] == "Not taken: Zoe Zed."
    assert not Entrant.objects.filter(name__in=["Zoe Zed", "Cat Carter"]).exists()
    assert not ImportedPlay.objects.exists()


def test_a_known_game_and_its_open_league_are_used(club_season, organiser):
    known = do_add_catalogue_game(
        organiser,
        name="Carcassonne (second edition)",
        min_players=2,
        max_players=6,
        scoring="high",
        ties="share",
        bgg_id=822,
    )
    nights = Event.objects.create(
        season=club_season,
        name="Carcassonne nights",
        slug="nights",
        game=known.key,
        format="open",
        created_by=organiser,
    )
    answer = send(organiser, evening()).json()
    assert answer["plays"][0]["event"] == "nights"
    assert nights.rounds.count() == 2
    assert not CatalogueGame.objects.filter(name="Carcassonne").exists()


def test_only_the_league_organisers_import(club_season, organiser, player, outsider, staff):
    assert send(None, evening()).status_code in (401, 403)
    assert send(outsider, evening()).status_code == 403
    assert send(player, evening()).status_code == 403
    assert not ImportedPlay.objects.exists() and not CatalogueGame.objects.exists()
    assert send(staff, evening()).status_code == 200


def test_a_bad_file_is_a_400_naming_where_and_changes_nothing(club_season, organiser):
    file = evening()
    file["plays"][5]["playerScores"][1]["playerRefId"] = 42
    answer = send(organiser, file)
    assert answer.status_code == 400
    assert answer.json()["field"] == "file"
    assert "plays[5].playerScores[1].playerRefId names no player" in answer.json()["detail"]
    bad_choice = send(organiser, evening(), unmatched="everyone")
    assert bad_choice.status_code == 400 and "unmatched" in bad_choice.json()
    assert send(organiser, "not a file").status_code == 400
    assert not ImportedPlay.objects.exists() and not CatalogueGame.objects.exists()
    assert Event.objects.count() == 1 and not SeatResult.objects.exists()


def test_too_many_plays_is_a_413(club_season, organiser):
    file = evening()
    file["plays"] = [
        dict(file["plays"][0], uuid=f"c0ffee00-0000-4000-8000-{n:012d}") for n in range(1001)
    ]
    answer = send(organiser, file)
    assert answer.status_code == 413 and "at most 1000" in answer.json()["detail"]


def test_without_an_open_season_nothing_is_imported(club_season, organiser):
    Season.objects.filter(pk=club_season.pk).update(status=Season.Status.CLOSED)
    answer = send(organiser, evening())
    assert answer.status_code == 409 and "no open season" in answer.json()["detail"]
    assert not CatalogueGame.objects.exists() and not ImportedPlay.objects.exists()
