"""Rated friendly games: a rated game between people moves their friendly ratings by
its places when it finishes (as events rate: games.ratings); an unrated one does not;
a person's page shows the rating and their games."""

import pytest
from django.test import Client

from games.ratings import new_rating, rate_table
from play.models import FriendlyRating, Game

pytestmark = pytest.mark.django_db


def play_out(clients, game_id):
    """Each person (a client logged in as them, by seat) plays their last legal move
    until the game is over."""
    while True:
        state = clients[0].get(f"/api/play/{game_id}/").json()
        if state["status"] != "playing":
            return state
        mover = clients[state["to_move"]]
        if state["to_move"] != 0:
            state = mover.get(f"/api/play/{game_id}/").json()
        response = mover.post(
            f"/api/play/{game_id}/moves/",
            {"move": state["legal_moves"][-1], "at": state["moves"]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("rated", [True, False])
def test_a_finished_rated_game_moves_the_ratings_by_its_places(
    client_for, player, other_player, rated
):
    body = {
        "seats": [{"username": player.username}, {"username": other_player.username}],
        "options": {"rounds": 1},
        "rated": rated,
    }
    challenge_id = (
        client_for(player)
        .post("/api/play/challenges/", body, content_type="application/json")
        .json()["id"]
    )
    game_id = (
        client_for(other_player).post(f"/api/play/challenges/{challenge_id}/accept/").json()["game"]
    )
    final = play_out([logged_in(player), logged_in(other_player)], game_id)
    assert final["status"] == "finished"
    if not rated:
        assert not FriendlyRating.objects.exists()
        return
    places = [seat["place"] for seat in final["seats"]]
    expected = rate_table([new_rating(), new_rating()], places)
    for user, rating in zip([player, other_player], expected, strict=True):
        row = FriendlyRating.objects.get(user=user)
        assert row.games == 1 and row.mu == pytest.approx(rating.mu)
    page = client_for(other_player).get(f"/play/people/{player.username}/").content.decode()
    shown = f"{FriendlyRating.objects.get(user=player).ordinal:.1f}"
    assert shown in page and "1 game" in page and "rated" in page
    assert f"/play/challenges/new/?with={player.username}" in page
    assert Game.objects.get(pk=game_id).rated
