"""A table settled while its game is played (a result entered by hand, perhaps the event
finished too): the game still ends, keeps its own result, and leaves the table's alone."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from play.clock import do_time_out
from play.models import EventPlay, Game
from play.moving import do_move
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


def time_out_to_the_end(game_id) -> None:
    time_out_until_the_last_turn(game_id)
    run_out_of_time(game_id)
    do_time_out(game_id, Game.objects.get(pk=game_id).moves)


def start_a_one_round_table_game(organiser, table) -> Game:
    """Its first player makes one move (a game no person moved in decides nothing);
    then the clock plays on."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.status = Event.Status.RUNNING
    event.save()
    EventPlay.objects.create(event=event, move_seconds=60, forfeit_after=0)
    game = do_start_table_game(organiser, table)
    first = table.seats.get(position=0).entrant.user
    return do_move(first, game.pk, game.state().legal_moves()[0]).game


def enter_by_hand(table) -> None:
    do_record_result(
        table, [SeatOutcome(0, 10, 1), SeatOutcome(1, 5, 2)], source=Result.Source.ORGANISER
    )


def the_tables_result(table) -> tuple:
    result = Result.objects.get(table=table)
    return result.source, sorted(result.seats.values_list("position", "score", "place"))


def test_a_result_entered_by_hand_stands_when_the_game_ends(client, organiser, table):
    game = start_a_one_round_table_game(organiser, table)
    client.force_login(organiser)
    no_notice = client.get(reverse("play:game", args=[game.pk])).content.decode()
    enter_by_hand(table)
    notice = client.get(reverse("play:game", args=[game.pk])).content.decode()
    time_out_to_the_end(game.pk)

    assert "scores do not count" not in no_notice
    assert "this game's scores do not count in the standings" in notice

    game.refresh_from_db()
    assert game.is_finished
    assert game.result["totals"] != [10, 5]
    assert the_tables_result(table) == ("organiser", [(0, 10, 1), (1, 5, 2)])


def test_an_unsettled_table_takes_the_games_result(organiser, table):
    game = start_a_one_round_table_game(organiser, table)
    time_out_to_the_end(game.pk)

    game.refresh_from_db()
    source, seats = the_tables_result(table)
    assert source == "record"
    assert [score for _position, score, _place in seats] == game.result["totals"]


def test_a_game_at_a_table_of_a_finished_event_ends_and_the_clock_goes_on(
    start, player, other_player, organiser, table
):
    stuck = start_a_one_round_table_game(organiser, table)
    time_out_until_the_last_turn(stuck.pk)
    enter_by_hand(table)
    do_finish_event(table.round.event)
    other = start(player, [{"username": player.username}, {"username": other_player.username}])
    run_out_of_time(stuck.pk)
    run_out_of_time(other)

    assert enforce_deadlines() == 2
    assert Game.objects.get(pk=other).seats.get(position=0).timeouts == 1
    assert Game.objects.get(pk=stuck.pk).is_finished
    assert the_tables_result(table) == ("organiser", [(0, 10, 1), (1, 5, 2)])
    assert Event.objects.get(pk=table.round.event.pk).status == Event.Status.FINISHED
