"""A table's game whose last move is refused (its event was finished meanwhile, with a
result entered by hand) does not hold up the clock of the other games."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from play.clock import do_time_out
from play.models import EventPlay, Game
from play.starting import do_start_table_game
from play.tasks import enforce_deadlines
from tournaments.finishing import do_finish_event
from tournaments.models import Event, Result
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


class Finished(Exception):
    pass


def run_out_of_time(game_id):
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))


def time_out_until_the_last_turn(game_id) -> None:
    """Time the seats out, turn after turn, up to the turn whose timeout ends the game."""
    for _turn in range(500):
        run_out_of_time(game_id)
        game = Game.objects.get(pk=game_id)
        try:
            with transaction.atomic():
                do_time_out(game_id, game.moves)
                if Game.objects.get(pk=game_id).is_finished:
                    raise Finished
        except Finished:
            return
    raise AssertionError("the game never ended")


def test_a_game_that_cannot_end_does_not_hold_up_the_clock(
    start, player, other_player, organiser, table
):
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.status = Event.Status.RUNNING
    event.save()
    EventPlay.objects.create(event=event, move_seconds=60, forfeit_after=0)
    stuck = do_start_table_game(organiser, table)
    time_out_until_the_last_turn(stuck.pk)
    do_record_result(
        table, [SeatOutcome(0, 10, 1), SeatOutcome(1, 5, 2)], source=Result.Source.ORGANISER
    )
    do_finish_event(event)
    other = start(player, [{"username": player.username}, {"username": other_player.username}])
    run_out_of_time(stuck.pk)
    run_out_of_time(other)
    Game.objects.filter(pk=stuck.pk).update(deadline=timezone.now() - timedelta(hours=1))

    assert enforce_deadlines() == 1
    assert Game.objects.get(pk=other).seats.get(position=0).timeouts == 1
    assert Game.objects.get(pk=stuck.pk).is_playing
