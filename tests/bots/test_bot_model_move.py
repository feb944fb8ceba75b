"""The Bot model moved from the games app to the bots app (bots 0006-0007, games 0003):
every bot, and every row that names one, is still there after the move."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("games", "0002_bot_ratings_and_records"),
    ("bots", "0005_ladder_table_size"),
    ("tournaments", "0013_alter_eventlogentry_action"),
    ("play", "0004_stand_in_and_abandoned"),
]
AFTER = [
    ("bots", "0007_bot_table"),
    ("games", "0003_bot_to_bots"),
    ("tournaments", "0014_bot_in_bots"),
    ("play", "0005_bot_in_bots"),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest():
    """The tests after this one find every migration applied again."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.usefixtures("back_to_the_latest")
@pytest.mark.django_db(transaction=True)
def test_every_bot_and_what_names_it_survives_the_move():
    old = migrate(BEFORE)
    owner = get_user_model().objects.create(username="botty")  # its table stays as it is
    OldBot = old.get_model("games", "Bot")
    remote = OldBot.objects.create(
        name="Remy",
        owner_id=owner.pk,
        kind="remote",
        endpoint_url="https://bots.example/remy",
        secret="s3cret",
        rating_mu=31.5,
        games_rated=12,
    )
    builtin = OldBot.objects.create(name="Gready", owner_id=owner.pk, builtin_key="greedy")
    ladder = old.get_model("bots", "Ladder").objects.create(name="Weekly", created_by_id=owner.pk)
    ladder.bots.set([remote, builtin])
    old.get_model("tournaments", "Rating").objects.create(
        game="call-to-glory", bot=remote, mu=31.5, sigma=2.0
    )

    new = migrate(AFTER)
    Bot = new.get_model("bots", "Bot")
    assert Bot._meta.db_table == "bots_bot"
    moved = Bot.objects.get(pk=remote.pk)
    assert (moved.name, moved.kind, moved.endpoint_url, moved.secret) == (
        "Remy",
        "remote",
        "https://bots.example/remy",
        "s3cret",
    )
    assert (moved.rating_mu, moved.games_rated, moved.owner_id) == (31.5, 12, owner.pk)
    assert Bot.objects.get(pk=builtin.pk).builtin_key == "greedy"
    ladder = new.get_model("bots", "Ladder").objects.get(name="Weekly")
    assert sorted(ladder.bots.values_list("name", flat=True)) == ["Gready", "Remy"]
    rating = new.get_model("tournaments", "Rating").objects.get()
    assert rating.bot.name == "Remy"
    fresh = Bot.objects.create(name="Newbie", owner_id=owner.pk, builtin_key="random")
    assert fresh.pk > builtin.pk  # the id sequence went on with the table
