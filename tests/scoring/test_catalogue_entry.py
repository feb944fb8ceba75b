"""A table of a catalogue game goes through the same services as an engine game's:
scores per seat (a "low" game, lowest wins) or the finishing order (a "places" game),
entered, confirmed, disputed and overridden over the API, then standings and ratings
per game (games/registered/catalogue.py, scoring.submissions)."""

import pytest
from django.test import Client

from scoring.models import AuditEntry, Submission
from standings.computing import do_update_standings, standings_order
from standings.ratings import do_rebuild_ratings
from tournaments.models import Rating

pytestmark = pytest.mark.django_db
JSON = "application/json"


def submit(client: Client, table, body: dict, **headers):
    return client.post(
        f"/api/tables/{table.pk}/submissions/", body, content_type=JSON, headers=headers
    )


def places_of(table) -> list[int]:
    return [seat.place for seat in table.result.seats.order_by("position")]


def test_the_lowest_score_wins_once_every_other_player_confirms(
    client_for, player, other_player, third_player, hearts_table
):
    body = {"kind": "scores/1", "entry": {"scores": [72, 68, 80]}}
    entered = submit(client_for(player), hearts_table, body, **{"Idempotency-Key": "k1"})
    assert entered.status_code == 201, entered.content
    assert entered.json()["answer"]["places"] == [2, 1, 3]
    replayed = submit(client_for(player), hearts_table, body, **{"Idempotency-Key": "k1"})
    assert replayed.json() == entered.json() and Submission.objects.count() == 1
    submission = entered.json()["id"]
    for confirmer in (other_player, third_player):
        confirmed = client_for(confirmer).post(f"/api/submissions/{submission}/confirm/")
        assert confirmed.status_code == 201, confirmed.content
    assert confirmed.json()["status"] == "confirmed"
    hearts_table.refresh_from_db()
    assert places_of(hearts_table) == [2, 1, 3]
    assert [seat.score for seat in hearts_table.result.seats.order_by("position")] == [72, 68, 80]
    event = hearts_table.round.event
    do_update_standings(event.pk)
    ranked = [row.entrant.user for row in event.standings.order_by("rank")]
    assert ranked == [other_player, player, third_player]
    do_rebuild_ratings(event.season.league_id, "hearts")
    ratings = Rating.objects.filter(league=event.season.league, game="hearts")
    assert [rating.user for rating in ratings.order_by("-mu")] == ranked
    assert not Rating.objects.filter(game="call-to-glory").exists()


def test_a_bad_score_is_a_400_naming_the_seat_and_nothing_is_kept(client_for, player, hearts_table):
    body = {"kind": "scores/1", "entry": {"scores": [72, "sixty", 80]}}
    refused = submit(client_for(player), hearts_table, body)
    assert refused.status_code == 400 and refused.json()["error"]["seat"] == 1
    assert "Quinn Player" in refused.json()["detail"]
    body = {"kind": "call-to-glory-table/1", "entry": {"rounds": []}}
    assert submit(client_for(player), hearts_table, body).status_code == 400
    assert not Submission.objects.exists()


def test_a_disputed_finishing_order_is_overridden_by_an_organiser(
    client_for, player, other_player, organiser, race_table
):
    body = {"kind": "places/1", "entry": {"places": [2, 1, 3]}}
    entered = submit(client_for(player), race_table, body).json()
    assert entered["answer"]["places"] == [2, 1, 3]
    disputed = client_for(other_player).post(
        f"/api/submissions/{entered['id']}/dispute/",
        {"comment": "Pat won, I came second", "basis": entered["basis"]},
        content_type=JSON,
    )
    assert disputed.status_code == 201, disputed.content
    tied = {"kind": "places/1", "entry": {"places": [1, 1, 3]}, "reason": "asked the table"}
    refused = client_for(organiser).post(
        f"/api/tables/{race_table.pk}/override/", tied, content_type=JSON
    )
    assert refused.status_code == 400 and "ties are broken" in refused.json()["detail"]
    override = {"kind": "places/1", "entry": {"places": [1, 2, 3]}, "reason": "asked the table"}
    overridden = client_for(organiser).post(
        f"/api/tables/{race_table.pk}/override/", override, content_type=JSON
    )
    assert overridden.status_code == 201, overridden.content
    assert overridden.json()["status"] == "overridden"
    race_table.refresh_from_db()
    assert places_of(race_table) == [1, 2, 3]
    assert AuditEntry.objects.filter(table=race_table, action="overridden").exists()
    assert Submission.objects.get(pk=entered["id"]).status != "pending"


def test_a_places_game_takes_no_scores_and_the_game_says_which_kinds(
    client_for, player, race_table
):
    body = {"kind": "scores/1", "entry": {"scores": [1, 2, 3]}}
    refused = submit(client_for(player), race_table, body)
    assert refused.status_code == 400 and refused.json()["field"] == "kind"
    kinds = client_for(player).get("/api/games/camel-race/").json()["entry_kinds"]
    assert [kind["kind"] for kind in kinds] == ["places/1"]


def test_a_places_games_standings_have_no_game_score_total(client_for, organiser, race_table):
    override = {"kind": "places/1", "entry": {"places": [1, 2, 3]}, "reason": "from the slip"}
    overridden = client_for(organiser).post(
        f"/api/tables/{race_table.pk}/override/", override, content_type=JSON
    )
    assert overridden.status_code == 201, overridden.content
    event = race_table.round.event
    assert "score_total" not in standings_order(event)
    do_update_standings(event.pk)
    rows = list(event.standings.all())
    assert len(rows) == 3 and all("score_total" not in row.tiebreaks for row in rows)
    assert all("opponents_points" in row.tiebreaks for row in rows)
