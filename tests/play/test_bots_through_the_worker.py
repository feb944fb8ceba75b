"""Bots at the table: a person plays a Quick Game through the API against a search bot,
whose turns the real worker plays; a table of an event that mixes a person and the
greedy bot (whose turns are played in the person's requests) is played the same way,
and its record becomes the official result, moving the standings."""

import pytest

from games.call_to_glory import validate_record
from play.models import Game
from tests.fixtures.worker import wait_for
from tests.play.helpers import play_against_the_worker
from tournaments.models import Entrant, Result, Round, Seat, StandingRow, Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker]


def test_a_person_plays_a_bot_through_the_worker(
    celery_worker, client_for, start, player, search_bot
):
    # The bot sits first, so the worker makes the game's first move.
    game_id = start(player, [{"bot": search_bot.name}, {"username": player.username}])
    client = client_for(player)
    final = play_against_the_worker(client, game_id)
    game = Game.objects.get(pk=game_id)
    assert validate_record(game.record)["valid"] is True
    movers = {int(m.split()[0]) for m in game.record["rounds"][0]["moves"]}
    assert movers == {0, 1}
    assert [s["name"] for s in final["seats"]] == [search_bot.name, str(player)]
    assert all(s["place"] in (1, 2) for s in final["seats"])
    assert game.seats.get(position=0).faults == 0


@pytest.fixture
def mixed_table(event, player, greedy_bot):
    event.rules_options = {"rounds": 1}
    event.save()
    round_ = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=round_, number=1)
    person = Entrant.objects.create(event=event, user=player, name=str(player))
    bot = Entrant.objects.create(event=event, bot=greedy_bot, name=greedy_bot.name)
    Seat.objects.create(table=table, entrant=person, position=0)
    Seat.objects.create(table=table, entrant=bot, position=1)
    return table


def test_a_mixed_table_in_an_event_becomes_the_official_result(
    celery_worker, client_for, player, mixed_table
):
    client = client_for(player)
    response = client.post(f"/api/tables/{mixed_table.pk}/play/")
    assert response.status_code == 201
    game_id = response.json()["id"]
    play_against_the_worker(client, game_id)

    game = Game.objects.get(pk=game_id)
    result = Result.objects.get(table=mixed_table)
    assert result.source == Result.Source.RECORD
    assert result.detail["record"] == game.record
    assert validate_record(result.detail["record"])["valid"] is True
    assert {s.position: (s.score, s.place) for s in result.seats.all()} == {
        s.position: (s.score, s.place) for s in game.seats.all()
    }
    rows = wait_for(
        lambda: list(StandingRow.objects.filter(event=mixed_table.round.event)),
        what="the standings task",
    )
    assert sorted(row.entrant.name for row in rows) == sorted([str(player), "Gready"])
    assert sum(row.points for row in rows) == 4.0  # [3, 1] given out, or shared
