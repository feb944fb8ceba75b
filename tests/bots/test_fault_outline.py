"""A fault's evidence may name the bot's host and address, or quote its answer: its
author and staff read it in full, everyone else its outline (the match API, the bot's
page, for bot matches and games on the site alike)."""

import pytest

from bots.models import Batch, Fault, Match, MatchSeat
from bots.scheduling import do_schedule_batch
from play.models import Game, GameFault

pytestmark = pytest.mark.django_db

EVIDENCE = "POST /move: ConnectionRefusedError: bot.internal.example (10.1.2.3) refused"


@pytest.fixture
def fault(player, builtin_bot, remote_bot):
    remote = remote_bot("Wired", "http://bot.internal.example:9000/bot")
    randy = builtin_bot("Randy")
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[remote, randy]])
    match = Match.objects.create(batch=batch, number=1, seed=1, status="done")
    MatchSeat.objects.create(match=match, position=0, bot=remote, faults=1, score=3, place=2)
    MatchSeat.objects.create(match=match, position=1, bot=randy, score=9, place=1)
    return Fault.objects.create(
        match=match, position=0, bot=remote, kind=Fault.Kind.CONNECTION, evidence=EVIDENCE
    )


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_others_read_a_faults_outline_without_host_or_address(client_for, fault, who, request):
    client = client_for(request.getfixturevalue(who))
    faults = client.get(f"/api/bot-matches/{fault.match_id}/").json()["faults"]
    assert faults[0]["evidence"] == "the connection was refused, reset or closed before an answer"
    page = client.get(f"/bots/{fault.bot_id}/").content.decode()
    assert "connection failed" in page
    assert "10.1.2.3" not in page and "bot.internal.example" not in page


@pytest.mark.parametrize("who", ["player", "staff"])
def test_the_author_and_staff_read_the_evidence_in_full(client_for, fault, who, request):
    client = client_for(request.getfixturevalue(who))
    faults = client.get(f"/api/bot-matches/{fault.match_id}/").json()["faults"]
    assert faults[0]["evidence"] == EVIDENCE
    assert "10.1.2.3" in client.get(f"/bots/{fault.bot_id}/").content.decode()


@pytest.fixture
def live_fault(client_for, player, remote_bot):
    wired = remote_bot("Wired live", "http://bot.internal.example:9000/bot")
    body = {"game": "call-to-glory", "options": {"rounds": 1},
            "seats": [{"bot": wired.name}, {"username": player.username}]}  # fmt: skip
    response = client_for(player).post("/api/play/", body, content_type="application/json")
    game = Game.objects.get(pk=response.json()["id"])
    return GameFault.objects.create(
        game=game, position=0, bot=wired, kind=GameFault.Kind.TIMEOUT, evidence=EVIDENCE,
        round_number=1, move_number=1,
    )  # fmt: skip


def test_a_live_games_fault_is_on_the_bots_page_in_outline_for_others(
    client_for, live_fault, outsider, player
):
    page = client_for(outsider).get(f"/bots/{live_fault.bot_id}/").content.decode()
    assert "Faults in games on the site" in page and "timed out" in page
    assert "within the move&#x27;s time and the bank" in page
    assert "10.1.2.3" not in page and "bot.internal.example" not in page
    page = client_for(player).get(f"/bots/{live_fault.bot_id}/").content.decode()
    assert "10.1.2.3" in page
