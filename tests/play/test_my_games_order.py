"""My games: those waiting for my move first, the one waiting longest first; then the
games waiting for others; then the finished ones."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play.models import Game
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db


def test_the_games_waiting_for_me_come_first_the_longest_waiting_first(
    start, client_for, player, other_player
):
    me_first = [{"username": player.username}, {"username": other_player.username}]
    them_first = list(reversed(me_first))
    now = timezone.now()
    ages = {"new turn": 1, "old turn": 30, "theirs": 40, "over": 50}
    games = {
        "new turn": start(player, me_first),
        "old turn": start(player, me_first),
        "theirs": start(player, them_first),
        "over": start(player, me_first),
    }
    Game.objects.filter(pk=games["over"]).update(status=Game.Status.FINISHED, to_move=None)
    for name, game_id in games.items():
        Game.objects.filter(pk=game_id).update(updated_at=now - timedelta(hours=ages[name]))
    listed = client_for(player).get("/api/play/").json()
    assert [g["id"] for g in listed] == [
        games["old turn"],
        games["new turn"],
        games["theirs"],
        games["over"],
    ]
    assert [g["my_turn"] for g in listed] == [True, True, False, False]
    lobby = client_for(player).get("/play/").content.decode()
    assert lobby.index(f"/play/{games['old turn']}/") < lobby.index(f"/play/{games['new turn']}/")


def test_the_to_do_list_names_each_correspondence_game_waiting_for_my_move(
    start, player, other_player, greedy_bot
):
    mine = [{"username": player.username}, {"username": other_player.username}]
    live = start(player, mine)
    old = start(player, mine, pace="correspondence")
    new = start(
        player, [{"username": player.username}, {"bot": greedy_bot.name}], pace="correspondence"
    )
    theirs = start(player, list(reversed(mine)), pace="correspondence")
    now = timezone.now()
    Game.objects.filter(pk=old).update(updated_at=now - timedelta(days=2))
    items = [item for item in todo_for(player) if item.action == "your-move"]
    assert [item.url for item in items] == [f"/play/{old}/", f"/play/{new}/"]
    assert items[0].text == "Your move against Quinn Player."
    assert items[1].text == "Your move against Gready."
    assert f"/play/{live}/" not in str(items) and f"/play/{theirs}/" not in str(items)
