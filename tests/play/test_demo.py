"""The demo: ann's game against a bot is waiting, and a Swiss event seats people and
bots at its tables, one of them played to its end on the site and official; the games
left are played by correspondence, so nobody's clock runs out while the demo runs."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.call_to_glory import validate_record
from play.demo import EVENT
from play.lobby import open_tables
from play.models import Game
from play.tasks import enforce_deadlines
from tournaments.models import Event, Result
from tournaments.todo import todo_for

pytestmark = pytest.mark.django_db


def test_the_demo_has_anns_game_against_a_bot_and_a_mixed_swiss():
    call_command("load_demo")
    anns = Game.objects.get(seats__user__username="ann", table=None)
    assert anns.is_playing and anns.moves >= 3
    assert anns.pace == "correspondence"
    assert [s.is_bot for s in anns.seats.all()] == [False, True]
    assert Event.objects.get(slug=EVENT).format == "swiss"
    tables = Game.objects.filter(table__round__event__slug=EVENT)
    assert any({s.is_bot for s in game.seats.all()} == {True, False} for game in tables), (
        "a table of a person and a bot"
    )
    played = tables.get(status=Game.Status.FINISHED)
    result = Result.objects.get(table=played.table)
    assert result.source == Result.Source.RECORD
    assert validate_record(result.detail["record"])["valid"] is True
    waiting = tables.filter(status=Game.Status.PLAYING)
    assert waiting and all(game.pace == "correspondence" for game in waiting)
    people_to_move = [g for g in waiting if not g.seats.get(position=g.to_move).is_bot]
    assert people_to_move
    assert all(g.deadline - timezone.now() > timedelta(days=2) for g in people_to_move)
    assert enforce_deadlines() == 0

    ann = anns.seats.get(position=0).user
    [challenge] = [item for item in todo_for(ann) if item.action == "challenge"]
    assert "challenges you" in challenge.text
    assert open_tables().count() == 1
    games = Game.objects.count()
    call_command("load_demo")
    assert Game.objects.count() == games
