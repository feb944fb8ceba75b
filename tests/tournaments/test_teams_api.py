"""Team events over the API: organisers make teams, captains enter and withdraw their
players, bad teams are refused naming the field with nothing changed, a team Swiss
pairs teams so no table holds two of one team, and the team standings rank by match
points, then game points."""

import random

import pytest

from tests.tournaments.helpers import api, entrant_ids, make_event, make_team_event, report_round
from tournaments import lifecycle
from tournaments.models import Entrant, EventLogEntry, Team
from tournaments.pairing import do_pair_round
from tournaments.teams import do_create_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_event(league, organiser):
    """A team Swiss of teams of two at tables of four, twelve entrants."""
    return make_team_event(league, organiser)


def teams_url(event, tail=""):
    return f"/api/events/{event.slug}/teams/{tail}"


def test_an_organiser_makes_a_team_with_its_players(team_event, organiser, player):
    first, second = entrant_ids(team_event)[:2]
    answer = api(organiser).post(
        teams_url(team_event),
        {"name": "Rooks", "captain": player.username, "players": [second, first]},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert [p["id"] for p in body["players"]] == [second, first]
    assert body["captain"] == str(player)
    assert EventLogEntry.objects.filter(action=EventLogEntry.Action.TEAM_CHANGED).exists()


def test_a_team_larger_than_allowed_is_refused_naming_players(team_event, organiser):
    answer = api(organiser).post(
        teams_url(team_event),
        {"name": "Crowd", "players": entrant_ids(team_event)[:3]},
        format="json",
    )
    assert answer.status_code == 400 and answer.json()["field"] == "players"
    assert not Team.objects.exists()


def test_a_player_in_two_teams_is_refused_naming_players(team_event, organiser):
    first, second, third = entrant_ids(team_event)[:3]
    do_create_team(team_event, organiser, "Rooks", players=[first, second])
    answer = api(organiser).post(
        teams_url(team_event), {"name": "Bishops", "players": [third, first]}, format="json"
    )
    assert answer.status_code == 400 and answer.json()["field"] == "players"
    assert Team.objects.count() == 1 and Entrant.objects.get(pk=third).team is None


def test_a_player_does_not_make_teams(team_event, player):
    answer = api(player).post(teams_url(team_event), {"name": "Mine"}, format="json")
    assert answer.status_code == 403 and not Team.objects.exists()


def test_a_captain_enters_and_withdraws_their_team_s_players(
    team_event, organiser, player, other_player, outsider
):
    team = do_create_team(team_event, organiser, "Rooks", captain=player)
    url = teams_url(team_event, f"{team.pk}/players/")
    entered = api(player).post(url, {"username": other_player.username}, format="json")
    assert entered.status_code == 201 and entered.json()["board"] == 1
    mine = api(player).post(url, {"username": player.username}, format="json")
    assert mine.status_code == 201 and mine.json()["board"] == 2
    full = api(player).post(url, {"username": outsider.username}, format="json")
    assert full.status_code == 400 and full.json()["field"] == "player"
    assert not Entrant.objects.filter(event=team_event, user=outsider).exists()
    assert api(outsider).post(url, {"username": outsider.username}).status_code == 403
    theirs = Entrant.objects.get(event=team_event, user=other_player)
    gone = api(player).delete(teams_url(team_event, f"{team.pk}/players/{theirs.pk}/"))
    assert gone.status_code == 200 and gone.json()["status"] == "dropped"
    assert Entrant.objects.get(pk=theirs.pk).team is None  # before round 1: out of the team


def test_a_team_change_names_the_version_it_was_based_on_and_a_stale_one_is_refused(
    team_event, organiser
):
    first, second, third = entrant_ids(team_event)[:3]
    team = do_create_team(team_event, organiser, "Rooks", players=[first])
    url = teams_url(team_event, f"{team.pk}/")
    assert api(organiser).get(url).json()["version"] == 1
    unnamed = api(organiser).patch(url, {"name": "Bishops"}, format="json")
    assert unnamed.status_code == 400 and "version" in unnamed.json()
    changed = api(organiser).patch(url, {"version": 1, "name": "Bishops"}, format="json")
    assert changed.status_code == 200 and changed.json()["version"] == 2
    stale = api(organiser).patch(
        url, {"version": 1, "name": "Knights", "players": [second, third]}, format="json"
    )
    assert stale.status_code == 409 and stale.json()["field"] == "version"
    assert "changed since you saw it" in stale.json()["detail"]
    team.refresh_from_db()
    assert (team.name, team.version) == ("Bishops", 2)
    assert list(team.members.values_list("pk", flat=True)) == [first]


def test_a_player_entered_by_the_captain_makes_an_older_team_change_stale(
    team_event, organiser, player, other_player
):
    first = entrant_ids(team_event)[0]
    team = do_create_team(team_event, organiser, "Rooks", captain=player)
    url = teams_url(team_event, f"{team.pk}/")
    seen = api(organiser).get(url).json()["version"]
    players = teams_url(team_event, f"{team.pk}/players/")
    assert api(player).post(players, {"username": other_player.username}).status_code == 201
    stale = api(organiser).patch(url, {"version": seen, "players": [first]}, format="json")
    assert stale.status_code == 409
    assert Entrant.objects.get(event=team_event, user=other_player).team_id == team.pk


def test_an_unknown_person_is_refused_naming_the_field(team_event, organiser):
    team = do_create_team(team_event, organiser, "Rooks")
    url = teams_url(team_event, f"{team.pk}/players/")
    answer = api(organiser).post(url, {"username": "nobody-at-all"}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "username"


def test_teams_of_an_event_that_is_not_a_team_event_are_refused(league, organiser):
    event = make_event(league, organiser, players=4)
    answer = api(organiser).post(teams_url(event), {"name": "Rooks"}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "format"


def test_a_team_swiss_spreads_teams_and_ranks_them(team_event, organiser):
    players = entrant_ids(team_event)
    for number in range(6):
        do_create_team(
            team_event, organiser, f"Team {number + 1}", players=players[2 * number :][:2]
        )
    team_of = dict(Entrant.objects.filter(event=team_event).values_list("pk", "team_id"))
    rng = random.Random(4)
    for _ in range(3):
        round_ = do_pair_round(team_event, by=organiser)
        for table in round_.tables.filter(is_bye=False):
            teams = [team_of[s.entrant_id] for s in table.seats.all()]
            assert len(teams) == len(set(teams)) >= 2
        report_round(round_, rng)
    body = api().get(teams_url(team_event)).json()
    rows = body["teams"]
    assert body["team_size"] == 2 and len(rows) == 6
    keys = [(-r["match_points"], -r["game_points"]) for r in rows]
    assert keys == sorted(keys) and rows[0]["match_points"] > rows[-1]["match_points"]
    assert all(r["matches"] == 3 for r in rows)


def test_entrants_in_no_team_stop_the_pairing_and_the_life_cycle_says_so(team_event, organiser):
    first, second = entrant_ids(team_event)[:2]
    do_create_team(team_event, organiser, "Rooks", players=[first, second])
    state = lifecycle.state_of(team_event)
    assert state.unteamed == 10 and state.primary == lifecycle.Act.ARRANGE_TEAMS
    assert lifecycle.Act.PAIR not in state.acts
    offer = lifecycle.next_actions(team_event, organiser)[0]
    assert offer.label == "Put 10 entrants in teams" and offer.url.endswith("/teams/")
    answer = api(organiser).post(f"/api/events/{team_event.slug}/pair/", {}, format="json")
    assert answer.status_code == 409 and "Put 10 entrants in teams" in answer.json()["detail"]
    assert not team_event.rounds.exists()
