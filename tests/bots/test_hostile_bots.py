"""A remote bot is a stranger on the internet. Whatever it sends, a move costs a worker
at most the bot's time, the answer is read up to a cap, the evidence kept of its faults
stays small, and its match is played by one worker at a time."""

import threading
import time

import pytest
from django.db import connection

from botplay.remote import ANSWER_LIMIT, STORED_EVIDENCE_LIMIT
from bots import conf, scheduling
from bots.matches import do_play_match
from bots.models import Batch, Fault
from bots.scheduling import do_schedule_batch
from games.call_to_glory import validate_record
from tests.bots.servers import HANG_SECONDS, MisbehavingHandler


def play_one(player, lineup):
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options={"rounds": 1}, seed=7)
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_a_bot_that_drips_its_answer_times_out_on_the_moves_whole_deadline(
    player, builtin_bot, remote_bot, misbehaving_bot_url
):
    # 14 bytes at 0.3 s each: 4.2 s per answer, with 500 ms allowed per move.
    dripper = remote_bot(
        "Dripper", f"{misbehaving_bot_url}/drip", move_timeout_ms=500, time_bank_ms=0
    )
    started = time.monotonic()
    match = play_one(player, [dripper, builtin_bot()])
    took = time.monotonic() - started

    faults = list(match.faults.order_by("id"))
    assert [fault.kind for fault in faults] == [Fault.Kind.TIMEOUT] * 3
    assert "no answer within 500 ms" in faults[0].evidence
    assert took < 3 * 0.5 + 2  # three cut-off moves and the rest of the game
    assert match.seats.get(position=0).forfeited


@pytest.mark.django_db
@pytest.mark.parametrize(
    "behaviour, evidence",
    [
        ("huge", f"the answer is larger than {ANSWER_LIMIT} bytes"),
        ("deep", "nested more than 64 levels deep"),
    ],
)
def test_an_answer_too_large_or_too_deep_is_a_malformed_fault(
    player, builtin_bot, remote_bot, misbehaving_bot_url, behaviour, evidence
):
    culprit = remote_bot(f"{behaviour} bot", f"{misbehaving_bot_url}/{behaviour}")
    match = play_one(player, [culprit, builtin_bot()])

    assert match.status == "done" and match.error == ""
    faults = list(match.faults.order_by("id"))
    assert [fault.kind for fault in faults] == [Fault.Kind.MALFORMED] * 3
    assert evidence in faults[0].evidence
    assert validate_record(match.record)["valid"] is True


@pytest.mark.django_db
def test_the_evidence_of_a_fault_is_stored_clipped_with_its_size(
    client, player, builtin_bot, remote_bot, misbehaving_bot_url
):
    culprit = remote_bot("Verbose", f"{misbehaving_bot_url}/longmove")
    match = play_one(player, [culprit, builtin_bot()])

    fault = match.faults.first()
    assert fault.kind == Fault.Kind.ILLEGAL
    assert len(fault.evidence) < STORED_EVIDENCE_LIMIT + 100
    assert "characters in all)" in fault.evidence
    client.force_login(player)  # the author reads the evidence; others its outline
    listing = client.get("/api/bot-matches/")
    assert listing.status_code == 200 and len(listing.content) < 100_000
    assert "characters in all)" in client.get(f"/bots/{culprit.pk}/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_match_whose_bot_hangs_past_the_lease_is_not_played_a_second_time(
    player, builtin_bot, remote_bot, misbehaving_bot_url, monkeypatch
):
    """The bot thinks longer than the lease before its first move (its move time allows
    it): the heartbeat keeps the claim, so the requeued task finds nothing to claim,
    and the match is recorded once, from one attempt."""
    monkeypatch.setattr(conf, "MATCH_LEASE_SECONDS", 1)
    monkeypatch.setattr(conf, "HEARTBEAT_SECONDS", 0.25)
    # No task is sent: the two "workers" are this test's threads, not the session's
    # Celery worker (whose lease is the default minute).
    monkeypatch.setattr(scheduling, "send_matches", lambda ids: None)
    thinker = remote_bot(
        "Thinker", f"{misbehaving_bot_url}/hang", move_timeout_ms=5000, time_bank_ms=0
    )
    batch = do_schedule_batch(
        player, Batch.Kind.SINGLE, [[thinker, builtin_bot()]], options={"rounds": 1}, seed=3
    )
    match = batch.matches.get()
    said = {}

    def first_worker():
        try:
            said["first"] = do_play_match(match.pk)
        finally:
            connection.close()

    worker = threading.Thread(target=first_worker)
    worker.start()
    assert MisbehavingHandler.hanging.wait(10), "the bot was never asked for a move"
    time.sleep(HANG_SECONDS - 0.5)  # well past the one-second lease, still hanging
    assert MisbehavingHandler.hanging.is_set()
    second = do_play_match(match.pk)  # what a requeued task would do
    worker.join(60)

    assert (said["first"], second) == ("done", "not claimable")
    match.refresh_from_db()
    assert match.status == "done" and match.attempts == 1
    assert match.faults.count() == 0
    assert validate_record(match.record)["valid"] is True
