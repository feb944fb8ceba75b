"""The round clock over the API: who may change it, how a pause, a resume and an
extension move its end, a judge's extra minutes for one table, stale and impossible
changes refused with nothing changed, and every change in the event's log."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from tests.tournaments.helpers import api, enter, make_event
from tournaments.models import EventLogEntry, Result, Round
from tournaments.pairing import do_pair_round, do_publish_round
from tournaments.results import SeatOutcome, do_record_result
from tournaments.round_clock import seconds_left

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed(league, organiser):
    """Eight entrants at tables of four (tables 1 and 2), rounds of 50 minutes started
    by the organiser."""
    event = make_event(league, organiser, round_minutes=50, clock_starts="organiser")
    enter(event, 8)
    do_pair_round(event, by=organiser)
    return event


def clock(user, event, number=1, **body):
    return api(user).post(f"/api/events/{event.slug}/rounds/{number}/clock/", body, format="json")


def shown(event, number=1):
    return api().get(f"/api/events/{event.slug}/rounds/{number}/").json()["clock"]


def ends_at(event):
    return Round.objects.get(event=event, number=1).clock_ends_at


def test_the_round_api_carries_a_clock_not_yet_started(timed):
    assert shown(timed) == {
        "started": False,
        "ends_at": None,
        "paused": False,
        "remaining_seconds": None,
        "extra_minutes_by_table": {},
        "revision": 0,
        "time_rule": "Finish the current round of the game, then stop.",
    }


def test_an_organiser_starts_the_clock_at_the_events_round_length(timed, organiser):
    before = timezone.now()
    answer = clock(organiser, timed, action="start")
    assert answer.status_code == 200
    end = parse_datetime(answer.json()["clock"]["ends_at"])
    assert before + timedelta(minutes=50) <= end <= timezone.now() + timedelta(minutes=50)
    now = parse_datetime(answer.json()["now"])
    assert abs((end - now).total_seconds() - 50 * 60) < 5
    assert shown(timed)["ends_at"] == answer.json()["clock"]["ends_at"]
    assert shown(timed)["revision"] == 1


@pytest.mark.parametrize("who", ["player", "outsider", "anonymous"])
def test_only_organisers_change_the_clock(timed, who, request):
    user = request.getfixturevalue(who)
    answer = clock(user if who != "anonymous" else None, timed, action="start")
    assert answer.status_code in (401, 403)
    assert ends_at(timed) is None
    assert not EventLogEntry.objects.filter(action=EventLogEntry.Action.CLOCK).exists()


def test_a_pause_holds_what_is_left_and_a_resume_moves_the_end_by_the_pause(timed, organiser):
    clock(organiser, timed, action="start")
    started_end = ends_at(timed)
    paused = clock(organiser, timed, action="pause").json()["clock"]
    assert paused["paused"] and paused["ends_at"] is None
    assert 50 * 60 - 5 <= paused["remaining_seconds"] <= 50 * 60
    # Two minutes pass while paused.
    Round.objects.filter(event=timed).update(clock_paused_at=timezone.now() - timedelta(minutes=2))
    resumed = clock(organiser, timed, action="resume").json()["clock"]
    assert not resumed["paused"]
    moved = (ends_at(timed) - started_end).total_seconds()
    assert 120 - 5 <= moved <= 120 + 5


def test_an_extension_moves_the_end_for_everyone(timed, organiser):
    clock(organiser, timed, action="start")
    end = ends_at(timed)
    answer = clock(organiser, timed, action="extend", minutes=5)
    assert answer.status_code == 200
    assert ends_at(timed) - end == timedelta(minutes=5)


def test_an_extension_while_paused_adds_to_what_is_left(timed, organiser):
    clock(organiser, timed, action="start")
    left = clock(organiser, timed, action="pause").json()["clock"]["remaining_seconds"]
    extended = clock(organiser, timed, action="extend", minutes=10).json()["clock"]
    assert extended["paused"] and extended["remaining_seconds"] == left + 600


def test_a_judges_extra_minutes_go_to_one_table_only(timed, organiser):
    clock(organiser, timed, action="start")
    end = ends_at(timed)
    clock(organiser, timed, action="extend", minutes=3, table=2)
    answer = clock(organiser, timed, action="extend", minutes=4, table=2)
    assert answer.json()["clock"]["extra_minutes_by_table"] == {"2": 7}
    assert ends_at(timed) == end
    round_ = Round.objects.get(event=timed, number=1)
    now = timezone.now()
    assert seconds_left(round_, now, 2) - seconds_left(round_, now, 1) == 7 * 60
    assert shown(timed)["extra_minutes_by_table"] == {"2": 7}


@pytest.mark.parametrize(
    "steps, body, status, field",
    [
        ([], {"action": "pause"}, 409, None),
        ([], {"action": "extend", "minutes": 5}, 409, None),
        (["start"], {"action": "start"}, 409, None),
        (["start"], {"action": "resume"}, 409, None),
        (["start", "pause"], {"action": "pause"}, 409, None),
        (["start"], {"action": "extend", "minutes": 0}, 400, "minutes"),
        (["start"], {"action": "extend", "minutes": 121}, 400, "minutes"),
        (["start"], {"action": "extend"}, 400, "minutes"),
        (["start"], {"action": "extend", "minutes": 5, "table": 9}, 400, "table"),
        (["start"], {"action": "pause", "table": 1}, 400, "table"),
        (["start"], {"action": "extend", "minutes": 200, "table": 1}, 400, "minutes"),
        ([], {"action": "start", "minutes": 601}, 400, "minutes"),
        ([], {"action": "rewind"}, 400, "action"),
    ],
)
def test_an_impossible_change_is_refused_with_its_reason(
    timed, organiser, steps, body, status, field
):
    for step in steps:
        assert clock(organiser, timed, action=step).status_code == 200
    before = Round.objects.values().get(event=timed, number=1)
    logged = EventLogEntry.objects.count()
    answer = clock(organiser, timed, **body)
    assert answer.status_code == status
    reason = answer.json()
    if "detail" in reason:  # a refusal: its reason, and the key it belongs to
        assert reason["detail"] and reason.get("field") == field
    else:  # the serializer's: the key's reasons
        assert reason[field]
    assert Round.objects.values().get(event=timed, number=1) == before
    assert EventLogEntry.objects.count() == logged


def test_a_change_based_on_an_old_revision_is_refused(timed, organiser):
    clock(organiser, timed, action="start")
    first = clock(organiser, timed, action="extend", minutes=5, revision=1)
    assert first.status_code == 200
    end = ends_at(timed)
    # The same extension sent again from the same page (a retry) is stale now.
    again = clock(organiser, timed, action="extend", minutes=5, revision=1)
    assert again.status_code == 409 and again.json()["code"] == "conflict"
    assert "changed" in again.json()["detail"]
    assert ends_at(timed) == end


def test_a_complete_rounds_clock_is_not_started(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, points_by_place=[1, 0])
    round_ = do_pair_round(event, by=organiser)
    for table in round_.tables.all():
        do_record_result(
            table, [SeatOutcome(0, 5, 1), SeatOutcome(1, 3, 2)], source=Result.Source.ORGANISER
        )
    refused = clock(organiser, event, action="start", minutes=30)
    assert refused.status_code == 409 and "every result" in refused.json()["detail"]
    assert ends_at(event) is None


def test_a_start_without_minutes_needs_the_events_round_length(league, organiser):
    event = make_event(league, organiser)
    enter(event, 4)
    do_pair_round(event, by=organiser)
    refused = clock(organiser, event, action="start")
    assert refused.status_code == 400 and refused.json()["field"] == "minutes"
    assert clock(organiser, event, action="start", minutes=30).status_code == 200


def test_a_draft_rounds_clock_waits_for_publishing(league, organiser):
    event = make_event(league, organiser, round_minutes=40, review_pairings=True)
    enter(event, 4)
    round_ = do_pair_round(event, by=organiser)
    refused = clock(organiser, event, action="start")
    assert refused.status_code == 409 and "publish" in refused.json()["detail"]
    before = timezone.now()
    do_publish_round(round_, by=organiser)
    end = Round.objects.get(pk=round_.pk).clock_ends_at
    assert end >= before + timedelta(minutes=40)


def test_a_round_paired_without_review_starts_its_clock_at_once(league, organiser):
    event = make_event(league, organiser, round_minutes=45)
    enter(event, 4)
    round_ = do_pair_round(event, by=organiser)
    assert Round.objects.get(pk=round_.pk).clock_ends_at is not None
    assert shown(event)["started"]


def test_every_change_is_in_the_events_log(timed, organiser):
    clock(organiser, timed, action="start")
    clock(organiser, timed, action="pause")
    clock(organiser, timed, action="resume")
    clock(organiser, timed, action="extend", minutes=5)
    clock(organiser, timed, action="extend", minutes=2, table=1)
    entries = EventLogEntry.objects.filter(event=timed, action=EventLogEntry.Action.CLOCK).order_by(
        "pk"
    )
    assert [(e.actor, e.detail["clock"]) for e in entries] == [
        (organiser, "start"),
        (organiser, "pause"),
        (organiser, "resume"),
        (organiser, "extend"),
        (organiser, "extend"),
    ]
    assert entries[0].detail["minutes"] == 50 and entries[0].detail["round"] == 1
    assert entries.last().detail["table"] == 1 and entries.last().detail["minutes"] == 2


def test_the_live_answer_names_the_latest_round_and_the_servers_time(timed, organiser):
    clock(organiser, timed, action="start")
    answer = api().get(f"/api/events/{timed.slug}/live/").json()
    assert answer["round"] == 1 and answer["clock"]["started"]
    assert abs((parse_datetime(answer["now"]) - timezone.now()).total_seconds()) < 5
    stamp = answer["stamp"]
    clock(organiser, timed, action="pause")
    moved = api().get(f"/api/events/{timed.slug}/live/?stamp={stamp}&wait=5").json()
    assert moved["stamp"] != stamp and moved["clock"]["paused"]


@pytest.mark.parametrize("players", [8, 200])
def test_the_live_answer_and_the_round_list_cost_the_same_few_queries_at_any_size(
    league, organiser, django_assert_num_queries, players
):
    event = make_event(league, organiser, players=players, round_minutes=50, review_pairings=False)
    do_pair_round(event, by=organiser)
    do_pair_round(event, by=organiser, override_reason="a test of sizes")
    client = api()
    # The event; its standings' version, the latest round and that round's version
    # (results, scoring's entries); then the round asked for, its clock on its row.
    with django_assert_num_queries(6):
        answer = client.get(f"/api/events/{event.slug}/live/?round=1").json()
    assert answer["round"] == 1 and answer["clock"]["started"]
    # The event, the rounds (each clock on its row, the event known), and per round
    # (tournaments/api/round_tables.py) its tables' id span, their seats, their seats'
    # results and the tables.
    with django_assert_num_queries(10):
        rounds = client.get(f"/api/events/{event.slug}/rounds/").json()
    assert [r["clock"]["started"] for r in rounds] == [True, True]
