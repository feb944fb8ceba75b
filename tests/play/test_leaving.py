"""A person leaves a game: their seat forfeits at once and the stand-in plays it to the
end; when the last person leaves, the game is abandoned. Only a seated person leaves,
once, while the game is played."""

import pytest

from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_id(start, player, other_player):
    return start(player, [{"username": player.username}, {"username": other_player.username}])


def test_leaving_on_your_turn_hands_the_seat_to_the_bot(client_for, game_id, player, outsider):
    assert client_for(outsider).post(f"/api/play/{game_id}/leave/").status_code == 403
    response = client_for(player).post(f"/api/play/{game_id}/leave/")
    assert response.status_code == 200
    state = response.json()
    assert state["status"] == "playing" and state["to_move"] == 1
    assert state["seats"][0]["forfeited"] and state["moves"] > 0
    game = Game.objects.get(pk=game_id)
    assert game.stood_in == [[0, game.moves, 0]]
    again = client_for(player).post(f"/api/play/{game_id}/leave/")
    assert again.status_code == 409 and "left this game already" in again.json()["detail"]
    page = client_for(player).get(f"/play/{game_id}/").content.decode()
    assert "You forfeited: the bot plays your turns to the end of the game." in page
    assert "Leave the game" not in page


def test_when_the_last_person_leaves_from_the_page_the_game_is_abandoned(
    client_for, game_id, player, other_player
):
    client_for(player).post(f"/api/play/{game_id}/leave/")
    other = client_for(other_player)
    assert "Leave the game" in other.get(f"/play/{game_id}/").content.decode()
    response = other.post(f"/play/{game_id}/leave/", follow=True)
    page = response.content.decode()
    assert "You left the game: the bot plays your seat to the end." in page
    assert "This game was abandoned: it decides nothing." in page
    game = Game.objects.get(pk=game_id)
    assert game.is_abandoned and game.result is None
    assert [s.place for s in game.seats.all()] == [None, None]
    over = other.post(f"/api/play/{game_id}/leave/")
    assert over.status_code == 409 and over.json()["detail"] == "The game is over."
