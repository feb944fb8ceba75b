"""A person's move that writes only the game's row is played without the game's lock
(``play.moving.do_move``): the game and its seats read in one statement, the row written
only if the game is as it was read. A game saved between the read and the write (here
another move of the same person, sent from a second tab) has the move checked again
under the lock, against the state it finds there: never written over. A bot's ``/start``
fault counted on its seat moves the game's stamp on, so that a move that read the seat
before it is played again."""

import pytest

from lib.refusal import CONFLICT, Refusal
from play import moving
from play.bot_calls import count_start_fault
from play.models import Game
from play.moving import do_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def game_id(start, player, greedy_bot):
    return start(player, [{"username": player.username}, {"bot": greedy_bot.name}])


@pytest.fixture
def another_move_meanwhile(monkeypatch, player):
    """Plays ``move`` for ``player`` (a second tab) after the next move without the lock
    has read the game and before it writes."""

    def meanwhile(game_id: int, move: str):
        settle, sent = moving.settle, []

        def settle_after_the_other_move(*args, locked=True, **kwargs):
            if not locked and not sent:
                sent.append(move)
                do_move(player, game_id, move)
            return settle(*args, locked=locked, **kwargs)

        monkeypatch.setattr(moving, "settle", settle_after_the_other_move)
        return sent

    return meanwhile


def test_a_move_against_the_state_it_read_is_refused_once_the_game_was_saved_since(
    game_id, player, another_move_meanwhile
):
    sent = another_move_meanwhile(game_id, "0 draw D1")
    with pytest.raises(Refusal) as refused:
        do_move(player, game_id, "0 draw D2", at=0)
    assert sent and refused.value.code == CONFLICT and refused.value.field == "at"
    assert Game.objects.get(pk=game_id).record["rounds"][0]["moves"] == ["0 draw D1"]


def test_a_move_without_at_is_played_after_the_move_saved_since_it_read_the_game(
    game_id, player, another_move_meanwhile
):
    sent = another_move_meanwhile(game_id, "0 draw D1")
    moved = do_move(player, game_id, "0 draw D2")
    assert sent and moved.game.moves == 2
    assert Game.objects.get(pk=game_id).record["rounds"][0]["moves"] == ["0 draw D1", "0 draw D2"]


def test_a_start_fault_moves_the_games_stamp_on(start, player, remote_bot):
    bot = remote_bot("Late starter", "http://127.0.0.1:9/")
    game_id = start(player, [{"username": player.username}, {"bot": bot.name}])
    before = Game.objects.get(pk=game_id)
    count_start_fault(game_id, position=1)  # not its turn: no move is played
    after = Game.objects.get(pk=game_id)
    assert after.moves == before.moves and after.updated_at > before.updated_at
    assert after.seats.get(position=1).faults == 1
