"""The lobby and the game page: play now in two taps, moves as forms, no seat numbers
or hands shown to whoever may not see them."""

import re

import pytest

from bots.models import Bot
from play.models import Game

pytestmark = pytest.mark.django_db


def test_play_now_starts_a_quick_game_against_the_chosen_bot(client_for, player, greedy_bot):
    client = client_for(player)
    lobby = client.get("/play/")
    assert f"Play {greedy_bot.name}" in lobby.content.decode()
    response = client.post("/play/new/", {"bot": greedy_bot.pk, "rounds": "1"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{game.pk}/"
    assert [s.name for s in game.seats.all()] == [str(player), greedy_bot.name]
    assert game.options["rounds"] == 1
    listed = client.get("/play/").content.decode()
    assert "your move" in listed and greedy_bot.name in listed


def test_play_now_refuses_nonsense_without_a_server_error(client_for, player, greedy_bot):
    client = client_for(player)
    assert client.post("/play/new/", {"bot": "nine"}).status_code == 404
    response = client.post("/play/new/", {"bot": greedy_bot.pk, "rounds": "x" * 50})
    assert response.status_code == 302
    assert Game.objects.get().options["rounds"] == 1


def test_the_seated_player_sees_their_hand_and_taps_a_move(client_for, start, player, other_player):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    client = client_for(player)
    page = client.get(f"/play/{game_id}/").content.decode()
    assert "Your turn" in page
    assert "Draw from the left draw pile" in page
    assert len(re.findall(r'<li class="card-face">\d+</li>', page)) == 3
    assert "seat 0" not in page.lower()
    response = client.post(f"/play/{game_id}/move/", {"move": "0 draw D1", "at": "0"})
    assert response.status_code == 302
    assert Game.objects.get(pk=game_id).moves == 1
    fragment = client.post(
        f"/play/{game_id}/move/", {"move": "0 draw D1", "at": "1"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "<title>" in fragment and 'role="alert"' in fragment
    assert Game.objects.get(pk=game_id).moves == 1


def test_a_spectator_sees_the_table_but_no_hand(client_for, start, player, other_player, outsider):
    game_id = start(player, [{"username": player.username}, {"username": other_player.username}])
    page = client_for(outsider).get(f"/play/{game_id}/").content.decode()
    assert "Your hand" not in page and "data-move=" not in page
    assert str(player) in page and str(other_player) in page
    waiting = client_for(other_player).get(f"/play/{game_id}/board/").content.decode()
    assert f"{player} to play" in waiting and "data-move=" not in waiting


def test_a_player_starts_their_tables_game_and_an_outsider_may_not(
    client_for, table, player, outsider
):
    assert client_for(outsider).post(f"/play/tables/{table.pk}/").status_code == 403
    assert client_for(outsider).post(f"/api/tables/{table.pk}/play/").status_code == 403
    response = client_for(player).post(f"/play/tables/{table.pk}/")
    game = Game.objects.get(table=table)
    assert response["Location"] == f"/play/{game.pk}/"
    again = client_for(player).post(f"/api/tables/{table.pk}/play/")
    assert again.status_code == 409
    assert Game.objects.count() == 1


def test_the_table_page_offers_its_game_to_its_players_only(client_for, table, player, outsider):
    assert (
        "Play this table on the site"
        not in client_for(outsider).get(f"/scoring/tables/{table.pk}/").content.decode()
    )
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Play this table on the site" in page
    client_for(player).post(f"/play/tables/{table.pk}/")
    game = Game.objects.get(table=table)
    page = client_for(outsider).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert f"/play/{game.pk}/" in page and "Open the game" in page


def test_the_lobby_lists_the_games_waiting_for_my_move_first(
    client_for, start, player, other_player
):
    waiting = start(player, [{"username": player.username}, {"username": other_player.username}])
    mine = start(other_player, [{"username": other_player.username}, {"username": player.username}])
    over = start(player, [{"username": player.username}, {"username": other_player.username}])
    Game.objects.filter(pk=over).update(status=Game.Status.FINISHED, to_move=None)
    page = client_for(other_player).get("/play/").content.decode()
    links = re.findall(r'<a href="/play/(\d+)/">', page)
    assert [int(n) for n in links] == [mine, waiting, over]
    first_card = page.split('<li class="card')[1]
    assert "my-turn" in first_card and "your move" in first_card


@pytest.fixture
def four_builtin_bots(staff, greedy_bot):
    for name, key in (("Ada", "random"), ("Bea", "random"), ("Zed", "greedy")):
        Bot.objects.create(
            name=name, owner=staff, kind=Bot.Kind.BUILTIN, builtin_key=key, public=True
        )
    return greedy_bot


def test_play_now_seats_more_bots_when_more_opponents_are_chosen(
    client_for, player, four_builtin_bots
):
    client = client_for(player)
    lobby = client.get("/play/").content.decode()
    assert "Opponents" in lobby and "3 bots" in lobby and "4 bots" not in lobby
    chosen = four_builtin_bots
    client.post("/play/new/", {"bot": chosen.pk, "rounds": "1", "opponents": "3"})
    game = Game.objects.get()
    seats = list(game.seats.all())
    names = [str(player), *(f"{chosen.name} {n}" for n in (1, 2, 3))]
    assert [s.name for s in seats] == names  # the level chosen, never another
    assert [s.bot for s in seats[1:]] == [chosen, chosen, chosen]
    client.post("/play/new/", {"bot": chosen.pk, "rounds": "1", "opponents": "99"})
    assert Game.objects.order_by("-pk").first().seats.count() == 4  # at most three bots
    client.post("/play/new/", {"bot": chosen.pk, "rounds": "1", "opponents": "x"})
    assert Game.objects.order_by("-pk").first().seats.count() == 2
