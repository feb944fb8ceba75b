"""A built-in bot at a site table is built anew for every run of its moves; shown its own
earlier decisions from the game's record, it decides as the same bot kept for the whole
game does (as in bot matches), memory of the others' turns included."""

import random

import pytest

from bots.models import Bot
from games.call_to_glory.bots import make_bot
from games.call_to_glory.moves import LOOKUP
from play.demo import play_out
from play.engine import rebuild
from play.starting import Taker, do_start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("others", [0, 1])
def test_a_site_bot_decides_as_a_bot_kept_for_the_whole_game(staff, player, others):
    hard = Bot.objects.create(name="Hardy", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="hard")
    greedy = Bot.objects.create(
        name="Gready", owner=staff, kind=Bot.Kind.BUILTIN, builtin_key="greedy"
    )
    seats = [Taker(hard.name, bot=hard), Taker(str(player), user=player)]
    seats += [Taker(greedy.name, bot=greedy)] * others
    game = do_start_game(player, seats, {"rounds": 1}, seed=41)
    play_out(game, random.Random(3))  # the person plays at random, the bots on the site
    game.refresh_from_db()
    assert not game.is_playing

    kept = make_bot("hard", seed=game.seed * 7919)  # seat 0's bot in a bot match
    replay = rebuild({**game.record, "rounds": []}, game.deals)
    decisions = remembered = 0
    for round_ in game.record["rounds"]:
        for move in round_["moves"]:
            if replay.current_player() == 0:
                assert kept.choose(replay.view(0)) == move, (decisions, move)
                decisions += 1
                held = kept.memory.held or []
                remembered += sum(sum(row) for row in held if row is not None)
            replay.apply_action(LOOKUP[move][1])
    assert decisions >= 20
    assert remembered > 0 or others  # heads-up the memory is surely used
