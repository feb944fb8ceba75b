"""play.Seat became play.GameSeat (play 0008), so that it no longer shares its name with
an event table's tournaments.Seat: every seat of every game is still there after it."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("play", "0007_live_bot_claims_and_faults")
AFTER = ("play", "0008_game_seat")


def migrate(play_target):
    """Every app at its latest migration but play, which is at ``play_target``."""
    executor = MigrationExecutor(connection)
    leaves = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "play"]
    executor.migrate([*leaves, play_target])
    executor.loader.build_graph()
    return executor.loader.project_state([*leaves, play_target]).apps


@pytest.fixture
def back_to_the_latest():
    """The tests after this one find every migration applied again."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.usefixtures("back_to_the_latest")
@pytest.mark.django_db(transaction=True)
def test_every_seat_of_every_game_survives_the_rename():
    old = migrate(BEFORE)
    ann = get_user_model().objects.create(username="ann")
    botty = get_user_model().objects.create(username="botty")
    bot = old.get_model("bots", "Bot").objects.create(
        name="Gready", owner_id=botty.pk, builtin_key="greedy"
    )
    game = old.get_model("play", "Game").objects.create(
        move_seconds=60, seed=7, record={"rounds": []}, deals=[], to_move=0
    )
    OldSeat = old.get_model("play", "Seat")
    person = OldSeat.objects.create(game=game, position=0, user_id=ann.pk, name="Ann", timeouts=2)
    robot = OldSeat.objects.create(
        game=game, position=1, bot_id=bot.pk, name="Gready", faults=1, started=True
    )

    new = migrate(AFTER)
    GameSeat = new.get_model("play", "GameSeat")
    assert GameSeat._meta.db_table == "play_gameseat"
    seats = list(GameSeat.objects.filter(game_id=game.pk).order_by("position"))
    assert [(s.pk, s.name, s.user_id, s.bot_id) for s in seats] == [
        (person.pk, "Ann", ann.pk, None),
        (robot.pk, "Gready", None, bot.pk),
    ]
    assert (seats[0].timeouts, seats[1].faults, seats[1].started) == (2, 1, True)
    assert list(new.get_model("play", "Game").objects.get(pk=game.pk).seats.all()) == seats
    fresh = GameSeat.objects.create(game_id=game.pk, position=2, user_id=botty.pk, name="B")
    assert fresh.pk > robot.pk  # the id sequence went on with the table
