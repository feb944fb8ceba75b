"""A league's leaderboard: every person across its events (events played, wins,
points, the rating), one season or all, sorted by any column; private events stay
hidden from those who may not see them."""

import pytest
from rest_framework.test import APIClient

from standings.computing import do_store_standings
from standings.ratings import do_rebuild_ratings
from tests.fixtures.browser import screenshot
from tests.tournaments.helpers import enter, make_event, play
from tournaments.models import Entrant, League, Rating, SeatResult, StandingRow

pytestmark = pytest.mark.django_db


def board(user=None, league="tuesday-club", query=""):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/leagues/{league}/leaderboard/{query}")


def two_seasons(league, organiser, player):
    spring = make_event(league, organiser, players=7, table_size=4, rounds_planned=2)
    Entrant.objects.create(event=spring, user=player, name="Pat")
    autumn = make_event(league, organiser, players=0, table_size=4, rounds_planned=1)
    Entrant.objects.create(event=autumn, user=player, name="Pat")
    enter(autumn, 3, prefix="q")
    for event, rounds in ((spring, 2), (autumn, 1)):
        play(event, rounds)
        do_store_standings(event)
    do_rebuild_ratings(league.pk, spring.game)
    return spring, autumn


def test_every_person_across_the_league_with_events_wins_points_and_rating(
    league, organiser, player
):
    spring, autumn = two_seasons(league, organiser, player)
    answer = board().json()
    assert answer["season"] is None and answer["sort"] == "points"
    lines = answer["results"]
    assert len(lines) == 8 + 3
    pat = next(line for line in lines if line["name"] == str(player))
    assert pat["events"] == 2
    assert pat["points"] == sum(
        StandingRow.objects.filter(entrant__user=player).values_list("points", flat=True)
    )
    assert pat["wins"] == SeatResult.objects.filter(entrant__user=player, place=1).count()
    rating = Rating.objects.get(league=league, user=player)
    assert pat["rating"] == round(rating.ordinal, 1)
    points = [line["points"] for line in lines]
    assert points == sorted(points, reverse=True) and lines[0]["rank"] == 1
    only_autumn = board(query=f"?season={autumn.season_id}").json()
    assert only_autumn["season"] == autumn.season.name
    assert len(only_autumn["results"]) == 4
    pat_in_autumn = next(x for x in only_autumn["results"] if x["name"] == str(player))
    assert pat_in_autumn["events"] == 1
    by_wins = board(query="?sort=wins").json()["results"]
    assert [line["wins"] for line in by_wins] == sorted((x["wins"] for x in lines), reverse=True)
    by_name = [line["name"] for line in board(query="?sort=name").json()["results"]]
    assert by_name == sorted(by_name, key=str.casefold)
    by_events = board(query="?sort=events").json()["results"]
    assert by_events[0]["name"] == str(player)


def test_private_events_and_leagues_stay_hidden(league, organiser, player, outsider):
    hidden = make_event(league, organiser, players=4, visibility="private")
    play(hidden, 1)
    do_store_standings(hidden)
    assert board().json()["results"] == []
    assert len(board(organiser).json()["results"]) == 4
    League.objects.filter(pk=league.pk).update(visibility="private")
    assert board().status_code == 403
    assert board(outsider).status_code == 403
    assert board(organiser).status_code == 200


def test_the_league_page_shows_the_leaderboard_sortable_and_by_season(
    league, organiser, player, client
):
    spring, autumn = two_seasons(league, organiser, player)
    home = client.get("/").content.decode()
    assert f'href="/leagues/{league.slug}/"' in home
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert 'class="leaderboard"' in page and str(player) in page
    assert 'aria-sort="descending"' in page and "sort=wins" in page
    season_page = client.get(f"/leagues/{league.slug}/?season={autumn.season_id}&sort=name")
    text = season_page.content.decode()
    assert text.count("<tr>") == 1 + 4 and 'aria-sort="ascending"' in text


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_phone_reaches_the_leaderboard_from_the_home_page(phone_page, league, organiser, player):
    two_seasons(league, organiser, player)
    page = phone_page
    page.goto("/")
    page.click(f"a:has-text('{league.name}')")
    page.wait_for_url(f"**/leagues/{league.slug}/")
    assert page.locator(".leaderboard tbody tr").count() == 11
    page.click(".leaderboard th >> text=Wins")
    page.wait_for_url("**sort=wins**")
    wins = page.eval_on_selector_all(
        ".leaderboard tbody tr td:nth-child(4)", "cells => cells.map(c => Number(c.textContent))"
    )
    assert wins == sorted(wins, reverse=True)
    screenshot(page, "tournaments-league-leaderboard")


def two_games(league, organiser):
    """A Call to Glory event of 4 and a Call to Adventure event of 3 others, each
    played one round, with their league ratings."""
    glory = make_event(league, organiser, players=4, rounds_planned=1)
    adventure = make_event(league, organiser, players=3, rounds_planned=1, game="call-to-adventure")
    for event in (glory, adventure):
        play(event, 1)
        do_store_standings(event)
        do_rebuild_ratings(league.pk, event.game)
    return glory, adventure


def test_the_leaderboard_filters_by_game(league, organiser):
    glory, adventure = two_games(league, organiser)
    everyone = board().json()
    assert everyone["game"] is None and len(everyone["results"]) == 7
    only = board(query="?game=call-to-adventure").json()
    assert only["game"] == "call-to-adventure"
    names = {line["name"] for line in only["results"]}
    assert names == {str(entrant.user) for entrant in adventure.entrants.all()}
    ratings = Rating.objects.filter(league=league, game="call-to-adventure")
    assert sorted(line["rating"] for line in only["results"]) == sorted(
        round(rating.ordinal, 1) for rating in ratings
    )
    unknown = board(query="?game=chess").json()
    assert unknown["game"] is None and len(unknown["results"]) == 7


def test_the_league_page_filters_by_game_without_script(league, organiser, client):
    glory, adventure = two_games(league, organiser)
    page = client.get(f"/leagues/{league.slug}/").content.decode()
    assert '<select id="board-game" name="game">' in page
    assert '<option value="call-to-glory">Call to Glory</option>' in page
    chosen = client.get(f"/leagues/{league.slug}/?game=call-to-glory&sort=name").content.decode()
    assert chosen.count("<tr>") == 1 + 4
    assert '<option value="call-to-glory" selected>' in chosen
    assert "game=call-to-glory&amp;sort=wins" in chosen  # the columns keep the game
    for entrant in adventure.entrants.all():
        assert f"<td>{entrant.user}</td>" not in chosen
