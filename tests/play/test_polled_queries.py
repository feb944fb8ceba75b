"""What a player's page asks again and again costs a few queries, whatever else is on
the site: the game's state, its long-poll, the board it swaps in, and the lobby."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def games(start, player, other_player):
    """Four games between the same two people; the first one's id."""
    seats = [{"username": player.username}, {"username": other_player.username}]
    return [start(player, seats) for _ in range(4)]


def test_the_game_state_and_its_board_take_four_queries(
    games, player, client_for, django_assert_max_num_queries
):
    client = client_for(player)
    for url in (f"/api/play/{games[0]}/", f"/play/{games[0]}/", f"/play/{games[0]}/board/"):
        with django_assert_max_num_queries(4):  # session, user, game with seats, event
            assert client.get(url).status_code == 200


def test_a_long_poll_reads_the_game_once_then_only_its_stamp(
    games, player, client_for, django_assert_max_num_queries
):
    client = client_for(player)
    tag = client.get(f"/api/play/{games[0]}/").headers["ETag"]
    # Without Redis the stamp is read every half second: three reads in a second at most.
    with django_assert_max_num_queries(6):
        response = client.get(f"/api/play/{games[0]}/?wait=1", headers={"If-None-Match": tag})
    assert response.status_code == 304


def test_the_lobby_lists_a_players_games_in_seven_queries(
    games, player, client_for, django_assert_max_num_queries
):
    client = client_for(player)
    # session, user, bots, the player's games (and their seats), challenges, open tables
    with django_assert_max_num_queries(7):
        page = client.get("/play/").content.decode()
    assert all(f'href="/play/{game_id}/"' in page for game_id in games)


@pytest.fixture
def challenge(client_for, player, other_player, outsider, greedy_bot):
    """Pat's challenge to Quinn, Oscar and a bot: four seats."""
    seats = [{"username": u.username} for u in (player, other_player, outsider)]
    body = {"seats": [*seats, {"bot": greedy_bot.name}]}
    sent = client_for(player).post("/api/play/challenges/", body, content_type="application/json")
    assert sent.status_code == 201, sent.content
    return sent.json()["id"]


def test_a_challenges_state_and_page_take_five_queries_whatever_its_seats(
    challenge, other_player, client_for, django_assert_max_num_queries
):
    """What the challenge page asks when its push stream is refused, and the page it
    loads again on every change."""
    client = client_for(other_player)
    # session, user, challenge and its creator, the reader's seat, the seats with theirs
    with django_assert_max_num_queries(5):
        state = client.get(f"/api/play/challenges/{challenge}/")
    assert [seat["name"] for seat in state.json()["seats"]][1:] == [
        "Quinn Player",
        "Oscar Outsider",
        "Gready",
    ]
    with django_assert_max_num_queries(5):
        assert client.get(f"/play/challenges/{challenge}/").status_code == 200
