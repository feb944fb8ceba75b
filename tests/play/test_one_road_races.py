"""On PostgreSQL: an organiser's override that comes while a move holds the table's game
is refused (409) rather than wait for it (the move may be about to take the table's
lock, which the override holds); once the move is through, the override abandons the
game."""

import threading

import pytest
from django.db import connection, transaction

from lib.refusal import Refusal
from play.models import EventPlay, Game
from play.moving import locked_game
from play.starting import do_start_table_game
from scoring.signals import table_overridden
from scoring.submissions import locked_table
from tournaments.models import Event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def override(table, organiser):
    with transaction.atomic():
        locked = locked_table(table.pk)
        table_overridden.send(sender=None, table=locked, by=organiser, reason="entered at the bar")


def test_an_override_racing_a_move_is_refused_then_abandons_the_game(organiser, table):
    event = table.round.event
    event.status = Event.Status.RUNNING
    event.save()
    EventPlay.objects.create(event=event, move_seconds=60)
    game = do_start_table_game(organiser, table)
    holding, release = threading.Event(), threading.Event()

    def a_move_in_progress():
        try:
            with transaction.atomic():
                locked_game(game.pk)
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    mover = threading.Thread(target=a_move_in_progress)
    mover.start()
    assert holding.wait(10)
    try:
        with pytest.raises(Refusal) as refused:
            override(table, organiser)
        assert refused.value.code == "conflict"
        assert Game.objects.get(pk=game.pk).is_playing
    finally:
        release.set()
        mover.join()

    override(table, organiser)
    game.refresh_from_db()
    assert game.is_abandoned and game.why_abandoned == "entered at the bar"
