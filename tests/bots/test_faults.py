"""Whatever a remote bot does wrong is its fault: recorded with the evidence, a random
legal move is played for it, and after three faults it forfeits and is placed last.
The match still ends with a record that validates. (The match service runs in process
here, and no task is sent: these tests are about fault handling, not Celery.)"""

import re

import pytest

from botplay.refereeing import official_places
from bots.matches import do_play_match
from bots.models import Batch, Fault, Match
from bots.scheduling import do_schedule_batch
from games.call_to_glory import validate_record

pytestmark = pytest.mark.django_db


def play_one(player, lineup):
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [lineup], options={"rounds": 1}, seed=7)
    match = batch.matches.get()
    assert do_play_match(match.pk) == "done"
    match.refresh_from_db()
    return match


@pytest.mark.parametrize(
    "behaviour, kind, evidence",
    [
        ("garbage", Fault.Kind.MALFORMED, "not JSON: <html>surprise</html>"),
        ("illegal", Fault.Kind.ILLEGAL, "'0 lay 99 9' is not one of the"),
        ("close", Fault.Kind.CONNECTION, "POST /move: RemoteProtocolError"),
        ("error", Fault.Kind.HTTP_STATUS, "POST /move answered 500: Internal Server Error"),
        ("sleep", Fault.Kind.TIMEOUT, "POST /move: no answer within 100 ms"),
    ],
)
def test_a_misbehaving_bot_is_faulted_forfeits_and_the_match_still_ends(
    player, builtin_bot, remote_bot, misbehaving_bot_url, behaviour, kind, evidence
):
    culprit = remote_bot(
        f"{behaviour} bot",
        f"{misbehaving_bot_url}/{behaviour}",
        move_timeout_ms=100 if behaviour == "sleep" else 5000,  # sleep: 300 ms a move
        time_bank_ms=0,
    )
    match = play_one(player, [culprit, builtin_bot()])

    faults = list(match.faults.order_by("id"))
    assert [fault.kind for fault in faults] == [kind] * 3
    assert all(fault.bot == culprit and fault.position == 0 for fault in faults)
    assert evidence in faults[0].evidence
    assert faults[0].round_number == 1 and faults[0].move_number == 1
    seat = match.seats.get(position=0)
    assert seat.forfeited and seat.faults == 3 and seat.place == 2
    assert match.seats.get(position=1).place == 1
    assert match.status == "done"
    assert validate_record(match.record)["valid"] is True


def test_a_refused_connection_is_the_bots_fault_from_the_start(player, builtin_bot, remote_bot):
    nobody_listens = remote_bot("Ghost", "http://127.0.0.1:9")
    match = play_one(player, [builtin_bot(), nobody_listens])

    kinds = list(match.faults.values_list("kind", "move_number").order_by("id"))
    assert kinds[0] == (Fault.Kind.CONNECTION, None)  # POST /start
    assert len(kinds) == 3
    assert match.seats.get(position=1).forfeited


def test_a_slow_bot_spends_its_time_bank_before_it_is_faulted(
    player, builtin_bot, remote_bot, misbehaving_bot_url
):
    slow = remote_bot(
        "Slowpoke", f"{misbehaving_bot_url}/sleep", move_timeout_ms=100, time_bank_ms=500
    )
    match = play_one(player, [slow, builtin_bot()])

    faults = list(match.faults.order_by("id"))
    # 300 ms a move against 100 ms and a 500 ms bank: its first decision takes about
    # 200 ms of the bank, the next ones the rest, until one times out with what is left.
    assert faults[0].kind == Fault.Kind.TIMEOUT
    assert faults[0].move_number >= 2
    allowed = int(re.search(r"no answer within (\d+) ms", faults[0].evidence)[1])
    assert 100 <= allowed < 400
    assert Match.objects.get(pk=match.pk).seats.get(position=0).forfeited


def test_a_well_behaved_remote_bot_has_no_faults(
    player, builtin_bot, remote_bot, reference_bot_url
):
    match = play_one(player, [remote_bot("Ref", reference_bot_url), builtin_bot()])

    assert match.faults.count() == 0
    assert not match.seats.filter(forfeited=True).exists()
    assert sorted(match.seats.values_list("place", flat=True)) in ([1, 2], [1, 1])


@pytest.mark.parametrize(
    "engine_places, forfeited, official",
    [
        ([1, 2], [True, False], [2, 1]),
        ([1, 2, 3], [False, True, False], [1, 3, 2]),
        ([1, 2, 3, 4], [True, False, True, False], [3, 1, 3, 2]),
        ([1, 1, 3], [False, False, True], [1, 1, 3]),
    ],
)
def test_forfeiting_seats_share_the_last_place_whatever_they_scored(
    engine_places, forfeited, official
):
    assert official_places(engine_places, forfeited) == official
