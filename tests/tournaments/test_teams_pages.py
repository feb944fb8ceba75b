"""The teams page: the team standings and players for everyone; organisers make teams,
captains enter and withdraw players, refusals shown on the page with nothing changed;
a team round's tables say which match and board they are and whether the teams met."""

import pytest

from tests.tournaments.helpers import make_team_event
from tournaments.models import Entrant, Team
from tournaments.pairing import do_pair_round
from tournaments.teams import do_create_team, do_edit_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_event(league, organiser):
    return make_team_event(
        league, organiser, players=4, table_size=2, points_by_place=[3, 0], slug="club-match"
    )


def test_an_organiser_makes_a_team_from_the_page(team_event, organiser, player, client_for):
    first, second, third = Entrant.objects.filter(event=team_event).order_by("pk")[:3]
    page = client_for(organiser)
    answer = page.post(
        "/events/club-match/teams/new/",
        {"name": "Rooks", "captain": player.username, "players": [first.pk, second.pk]},
        follow=True,
    )
    assert "Team Rooks is made." in answer.content.decode()
    team = Team.objects.get(name="Rooks")
    assert team.captain == player and set(team.members.all()) == {first, second}
    too_many = page.post(
        "/events/club-match/teams/new/",
        {"name": "Crowd", "players": [third.pk, first.pk]},
        follow=True,
    )
    assert "in another team of this event" in too_many.content.decode()
    assert not Team.objects.filter(name="Crowd").exists()


def test_a_captain_enters_and_withdraws_from_the_page(
    team_event, organiser, player, other_player, client_for
):
    team = do_create_team(team_event, organiser, "Rooks", captain=player)
    page = client_for(player)
    enter = f"/events/club-match/teams/{team.pk}/enter/"
    answer = page.post(enter, {"username": other_player.username}, follow=True)
    html = answer.content.decode()
    assert "plays for Rooks" in html and "Withdraw Quinn Player" in html
    theirs = Entrant.objects.get(event=team_event, user=other_player)
    page.post(f"/events/club-match/teams/{team.pk}/withdraw/{theirs.pk}/")
    assert Entrant.objects.get(pk=theirs.pk).is_dropped
    outsider_page = client_for(other_player)
    refused = outsider_page.post(
        f"/events/club-match/teams/{team.pk}/enter/", {"username": other_player.username}
    )
    assert refused.status_code == 403


def test_the_round_page_says_which_match_and_board(team_event, organiser, client_for):
    players = list(Entrant.objects.filter(event=team_event).order_by("pk"))
    do_create_team(team_event, organiser, "Rooks", players=[p.pk for p in players[:2]])
    do_create_team(team_event, organiser, "Pawns", players=[p.pk for p in players[2:]])
    do_pair_round(team_event, by=organiser)
    html = client_for(organiser).get("/events/club-match/rounds/1/").content.decode()
    assert "Team match 1, board 1:" in html and "board 2" in html
    for player in players:  # each card names the team of each seat
        assert f'{player.name} <span class="seat-team">' in html
    assert html.count('<span class="seat-team">Rooks</span>') == 2
    assert html.count('<span class="seat-team">Pawns</span>') == 2
    assert "These teams have not met before." in html
    teams = client_for(None).get("/events/club-match/teams/").content.decode()
    assert "Rooks" in teams and "Pawns" in teams and "Match points" in teams
    event_page = client_for(None).get("/events/club-match/").content.decode()
    assert "/events/club-match/teams/" in event_page


def test_a_team_renamed_after_pairing_is_named_anew_on_the_round_page(
    team_event, organiser, client_for
):
    players = list(Entrant.objects.filter(event=team_event).order_by("pk"))
    rooks = do_create_team(team_event, organiser, "Rooks", players=[p.pk for p in players[:2]])
    do_create_team(team_event, organiser, "Pawns", players=[p.pk for p in players[2:]])
    do_pair_round(team_event, by=organiser)
    page = client_for(organiser)
    assert page.get("/events/club-match/rounds/1/").content.decode().count(">Rooks<") == 2
    do_edit_team(rooks, organiser, rooks.version, name="Castles")
    html = page.get("/events/club-match/rounds/1/").content.decode()
    assert html.count('<span class="seat-team">Castles</span>') == 2
    assert ">Rooks<" not in html
