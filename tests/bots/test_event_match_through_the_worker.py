"""Flow 3 end to end: an organiser sends a round's bot table to the workers; the real
worker plays the reference remote bot (over HTTP on 127.0.0.1, signed) against a
built-in bot, stores the record and the result once, and the event's standings follow."""

import pytest

from bots.models import Bot, Match
from games.call_to_glory import validate_record
from tests.fixtures.worker import wait_for
from tournaments.models import Entrant, Result, Round, Seat, StandingRow, Table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bot_table(event, builtin_bot, remote_bot, reference_bot_url):
    remote = remote_bot("Reference", reference_bot_url)
    builtin = builtin_bot("Randy")
    round_ = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=round_, number=1)
    for position, bot in enumerate([remote, builtin]):
        entrant = Entrant.objects.create(event=event, bot=bot, name=bot.name)
        Seat.objects.create(table=table, entrant=entrant, position=position)
    return table


def test_an_organisers_bot_round_is_played_by_the_worker_and_feeds_the_standings(
    celery_worker, client_for, organiser, bot_table
):
    response = client_for(organiser).post(
        f"/bots/events/{bot_table.round.event.slug}/rounds/{bot_table.round.number}/play/"
    )
    assert response.status_code == 302

    match = wait_for(
        lambda: Match.objects.filter(table=bot_table, status="done").first(),
        what="the worker to play the match",
    )
    assert validate_record(match.record)["valid"] is True
    assert match.faults.count() == 0
    assert match.attempts == 1

    result = Result.objects.get(table=bot_table)
    assert result.source == Result.Source.BOT
    assert result.detail["record"] == match.record
    seats = {s.position: (s.score, s.place) for s in result.seats.all()}
    assert seats == {s.position: (s.score, s.place) for s in match.seats.all()}

    rows = wait_for(
        lambda: list(StandingRow.objects.filter(event=bot_table.round.event)),
        what="the standings task",
    )
    assert sorted(row.entrant.name for row in rows) == ["Randy", "Reference"]
    assert sum(row.points for row in rows) == 4.0  # [3, 1] given out, or shared
    wait_for(
        lambda: Bot.objects.filter(name="Randy", games_rated=1).exists(),
        what="the bots' ratings",
    )
