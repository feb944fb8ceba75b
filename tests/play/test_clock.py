"""The clock run by beat: a person past their time has the rest of their turn played by
the event's stand-in bot (greedy by default), noted as played by the bot for them;
after the set number of timeouts they forfeit; a game whose every person forfeited is
abandoned. A correspondence player whose turn comes is told by e-mail."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.call_to_glory import validate_record
from games.call_to_glory.bots import make_bot
from play.clock import do_time_out
from play.models import Game
from play.tasks import enforce_deadlines, notify_turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def correspondence(start, player, other_player):
    return start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        pace="correspondence",
        forfeit_after=2,
    )


def run_out_of_time(game_id):
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))


def test_a_correspondence_timeout_has_the_greedy_bot_play_the_turn(correspondence):
    game = Game.objects.get(pk=correspondence)
    assert game.deadline - timezone.now() > timedelta(days=2, hours=23)
    assert enforce_deadlines() == 0  # nobody is late yet
    run_out_of_time(correspondence)
    assert enforce_deadlines() == 1
    game = Game.objects.get(pk=correspondence)
    moves = game.record["rounds"][0]["moves"]
    assert [m.split()[0] for m in moves] == ["0"] * len(moves) and len(moves) >= 3
    assert moves[-1].split()[1] in ("discard", "lay", "end")  # the whole turn was played
    assert game.to_move == 1
    assert game.seats.get(position=0).timeouts == 1
    assert not game.seats.get(position=0).forfeited
    assert validate_record(game.record)["valid"] is True
    assert game.deadline > timezone.now() + timedelta(days=2)
    assert game.stand_in == "greedy" and game.stood_in == [[0, len(moves), 0]]
    replay = game.state(moves=0)
    for number, move in enumerate(moves):
        greedy = make_bot("greedy", seed=game.seed * 1009 + number)
        assert greedy.choose(replay.view(0)) == move, f"move {number} is the greedy bot's"
        replay.apply(move)


def test_a_timeout_that_lost_the_race_to_a_move_does_nothing(correspondence, client_for, player):
    run_out_of_time(correspondence)
    assert (
        client_for(player)
        .post(
            f"/api/play/{correspondence}/moves/",
            {"move": "0 draw D1"},
            content_type="application/json",
        )
        .status_code
        == 200
    )
    assert do_time_out(correspondence, at=0) == "moved on"
    assert Game.objects.get(pk=correspondence).moves == 1


def test_a_game_whose_every_person_forfeited_is_abandoned(correspondence):
    for _ in range(4):
        run_out_of_time(correspondence)
        enforce_deadlines()
        game = Game.objects.get(pk=correspondence)
        if game.seats.get(position=0).forfeited:
            break
    # Seat 0 timed out, then seat 1, then seat 0 again: forfeited after its second.
    seat = game.seats.get(position=0)
    assert seat.forfeited and seat.timeouts == 2
    while game.is_playing:  # seat 1 keeps timing out; seat 0's turns are the bot's
        assert game.to_move == 1
        run_out_of_time(correspondence)
        enforce_deadlines()
        game = Game.objects.get(pk=correspondence)
    assert game.seats.get(position=1).forfeited  # it timed out twice as well
    assert game.is_abandoned and not game.is_playing
    assert validate_record(game.record)["valid"] is True
    assert game.result is None and game.replay is None
    assert [s.place for s in game.seats.all()] == [None, None]  # nobody won anything


def test_a_correspondence_player_is_mailed_when_their_turn_comes(
    correspondence, client_for, player, other_player
):
    client = client_for(player)
    for move in ("0 draw D1", "0 draw D2"):
        client.post(
            f"/api/play/{correspondence}/moves/", {"move": move}, content_type="application/json"
        )
    state = client.get(f"/api/play/{correspondence}/").json()
    discard = next(m for m in state["legal_moves"] if "discard" in m)
    client.post(
        f"/api/play/{correspondence}/moves/", {"move": discard}, content_type="application/json"
    )
    game = Game.objects.get(pk=correspondence)
    assert game.to_move == 1
    assert notify_turn(game.pk, game.moves) is True
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [other_player.email]
    assert str(player) in message.subject
    assert f"/play/{game.pk}/" in message.body
    assert notify_turn(game.pk, game.moves - 1) is False  # an old turn: nothing sent


def test_an_organiser_sets_the_events_pace_and_its_tables_follow_it(
    client_for, organiser, player, outsider, table
):
    url = f"/api/events/{table.round.event.slug}/play/"
    assert client_for(outsider).get(url).json() == {
        "pace": "live",
        "move_seconds": 60,
        "forfeit_after": 3,
        "stand_in": "greedy",
    }
    body = {
        "pace": "correspondence",
        "move_seconds": 2 * 24 * 3600,
        "forfeit_after": 0,
        "stand_in": "medium",
    }
    assert client_for(player).put(url, body, content_type="application/json").status_code == 403
    bad = client_for(organiser).put(
        url, {**body, "move_seconds": 5}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "move_seconds"
    no_bot = client_for(organiser).put(
        url, {**body, "stand_in": "random"}, content_type="application/json"
    )
    assert no_bot.status_code == 400 and no_bot.json()["field"] == "stand_in"
    assert client_for(organiser).put(url, body, content_type="application/json").json() == body
    response = client_for(player).post(f"/api/tables/{table.pk}/play/")
    game = Game.objects.get(pk=response.json()["id"])
    assert (game.pace, game.move_seconds, game.forfeit_after, game.stand_in) == (
        "correspondence",
        172800,
        0,
        "medium",
    )
    assert game.deadline - timezone.now() > timedelta(days=1, hours=23)
