"""A fault's evidence may name the bot's host and address, or quote its answer: its
author and staff read it in full, everyone else its outline (the match API, the bot's
page)."""

import pytest

from bots.models import Batch, Fault, Match, MatchSeat
from bots.scheduling import do_schedule_batch

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
