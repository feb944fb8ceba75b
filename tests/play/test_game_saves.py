"""Every write of a game's play saves it one way, ``lib.compiled.save_fields``, as a
move does: a bot's turn on a worker, a bot's ``/start`` fault that forfeits its seat,
a timeout (a person's, and a bot's turn sent again), an organiser's override that
abandons the table's game, and a vacation moving a deadline each save the same fields
as before (those a move changes, or the deadline), heard by ``pre_save`` and
``post_save`` (the push's announcement listens there) once, the row as the game."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from botplay import conf
from play.bot_calls import count_start_fault
from play.bot_turns import do_play_bot_turns
from play.clock import do_time_out
from play.models import EventPlay, Game
from play.moving import CHANGED_BY_A_MOVE
from play.starting import do_start_table_game
from play.vacation import do_take_vacation
from scoring.signals import table_overridden
from tournaments.models import Event

pytestmark = pytest.mark.django_db

DEADLINE = frozenset({"deadline", "updated_at"})


@pytest.fixture
def heard():
    """(signal, game id, update_fields) of every save of a game, in order (``post``
    and ``created`` for a new game)."""
    saves = []

    def pre(sender, instance, update_fields, **_signal):
        saves.append(("pre", instance.pk, update_fields))

    def post(sender, instance, created, update_fields, **_signal):
        saves.append(("created" if created else "post", instance.pk, update_fields))

    pre_save.connect(pre, sender=Game, dispatch_uid="test-game-saves-pre")
    post_save.connect(post, sender=Game, dispatch_uid="test-game-saves-post")
    yield saves
    pre_save.disconnect(sender=Game, dispatch_uid="test-game-saves-pre")
    post_save.disconnect(sender=Game, dispatch_uid="test-game-saves-post")


def saved_once(heard, game_id, fields) -> bool:
    return heard == [("pre", game_id, fields), ("post", game_id, fields)]


def late(game_id):
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    return Game.objects.get(pk=game_id).moves


@pytest.fixture
def bot_first(start, player, search_bot):
    """A game whose first seat, to move, is a search bot (the workers play it); no
    worker runs here, so its turn waits."""
    return start(player, [{"bot": search_bot.name}, {"username": player.username}])


def test_a_bots_turn_on_a_worker_saves_the_moves_fields(bot_first, heard):
    assert do_play_bot_turns(bot_first, 0) > 0
    game = Game.objects.get(pk=bot_first)
    assert game.to_move == 1 and game.moves > 0
    assert saved_once(heard, bot_first, frozenset(CHANGED_BY_A_MOVE))


def test_a_start_fault_that_forfeits_the_bot_to_move_saves_the_moves_fields(bot_first, heard):
    Game.objects.get(pk=bot_first).seats.filter(position=0).update(
        faults=conf.FORFEIT_AFTER_FAULTS - 1
    )
    count_start_fault(bot_first, 0)
    game = Game.objects.get(pk=bot_first)
    assert game.seats.get(position=0).forfeited and game.to_move == 1 and game.moves > 0
    assert saved_once(heard, bot_first, frozenset(CHANGED_BY_A_MOVE))


def test_a_bots_turn_sent_again_saves_its_deadline(bot_first, heard):
    before = Game.objects.get(pk=bot_first)
    assert do_time_out(bot_first, late(bot_first)) == "bot"
    game = Game.objects.get(pk=bot_first)
    assert game.deadline > timezone.now() and game.updated_at > before.updated_at
    assert game.moves == before.moves and game.record == before.record
    assert saved_once(heard, bot_first, DEADLINE)


def test_a_persons_timeout_saves_the_moves_fields(start, player, other_player, heard):
    game_id = start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        pace="correspondence",
    )
    heard.clear()
    assert do_time_out(game_id, late(game_id)) == "timeout"
    game = Game.objects.get(pk=game_id)
    assert game.to_move == 1 and game.stood_in == [[0, game.moves, 0]]
    assert saved_once(heard, game_id, frozenset(CHANGED_BY_A_MOVE))


def test_an_override_abandoning_the_tables_game_saves_the_moves_fields(organiser, table, heard):
    event = table.round.event
    event.rules_options, event.status = {"rounds": 1}, Event.Status.RUNNING
    event.save()
    EventPlay.objects.create(event=event, move_seconds=60, forfeit_after=3)
    game = do_start_table_game(organiser, table)
    heard.clear()
    with transaction.atomic():
        table_overridden.send(sender=None, table=table, by=organiser, reason="played at home")
    game.refresh_from_db()
    assert game.is_abandoned and game.to_move is None
    assert saved_once(heard, game.pk, frozenset(CHANGED_BY_A_MOVE))


def test_a_vacation_moving_a_deadline_saves_it(start, player, other_player, heard):
    game_id = start(
        player,
        [{"username": player.username}, {"username": other_player.username}],
        pace="correspondence",
    )
    before = Game.objects.get(pk=game_id)
    heard.clear()
    do_take_vacation(player, 5)
    game = Game.objects.get(pk=game_id)
    assert game.deadline == before.deadline + timedelta(days=5)
    assert saved_once(heard, game_id, DEADLINE)
