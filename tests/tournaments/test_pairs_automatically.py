"""An event that pairs automatically: the last result of a round sends the next round's
pairing (``tournaments.tasks.pair_next_round``), which pairs it once, never beyond the
planned rounds, and never a round someone paired meanwhile. A pairing names the round it
means, so a page or a task that saw an older round is refused, not paired one further."""

import random

import pytest

from tests.fixtures.worker import wait_for
from tests.tournaments.helpers import api, make_event, report_round
from tournaments import lifecycle, tasks
from tournaments.models import EventLogEntry, Round
from tournaments.pairing import do_pair_round, do_publish_round

pytestmark = pytest.mark.django_db


def automatic_event(league, organiser, **extra):
    fields = {"players": 8, "review_pairings": False, "pairs_automatically": True, **extra}
    return make_event(league, organiser, **fields)


def test_the_last_result_sends_the_next_rounds_pairing_once(league, organiser, tasks_sent):
    event = automatic_event(league, organiser, rounds_planned=3)
    first = do_pair_round(event, by=organiser)
    report_round(first, random.Random(1))
    assert tasks_sent.count(("tournaments.tasks.pair_next_round", (event.pk, 1))) == 1
    assert tasks_sent.run(tasks.pair_next_round) == [2]
    second = Round.objects.get(event=event, number=2)
    assert not second.is_draft and second.tables.count() == 2
    logged = EventLogEntry.objects.get(event=event, detail__round=2)
    assert (logged.actor, logged.detail["automatic"]) == (None, True)
    assert tasks_sent.run(tasks.pair_next_round) == [None]  # sent again: paired once
    assert Round.objects.filter(event=event).count() == 2


def test_a_manual_event_sends_nothing(league, organiser, tasks_sent):
    event = automatic_event(league, organiser, pairs_automatically=False)
    report_round(do_pair_round(event, by=organiser), random.Random(1))
    assert [name for name, _ in tasks_sent if name.endswith("pair_next_round")] == []


def test_nothing_is_paired_after_the_planned_rounds(league, organiser, tasks_sent):
    event = automatic_event(league, organiser, rounds_planned=1)
    report_round(do_pair_round(event, by=organiser), random.Random(1))
    assert tasks_sent.run(tasks.pair_next_round) == [None]
    assert lifecycle.state_of(event).stage == lifecycle.Stage.SWISS_OVER
    assert Round.objects.filter(event=event).count() == 1


def test_a_round_the_organiser_paired_first_is_left_alone(league, organiser, tasks_sent):
    event = automatic_event(league, organiser)
    report_round(do_pair_round(event, by=organiser), random.Random(1))
    do_pair_round(event, by=organiser, number=2)
    assert tasks_sent.run(tasks.pair_next_round) == [None]
    assert list(event.rounds.values_list("number", flat=True).order_by("number")) == [1, 2]


def test_an_event_that_reviews_pairings_gets_a_draft(league, organiser, tasks_sent):
    event = automatic_event(league, organiser, review_pairings=True)
    first = do_publish_round(do_pair_round(event, by=organiser), by=organiser)
    report_round(first, random.Random(1))
    assert tasks_sent.run(tasks.pair_next_round) == [2]
    assert Round.objects.get(event=event, number=2).is_draft


def test_the_stage_says_the_next_round_pairs_itself(league, organiser):
    event = automatic_event(league, organiser, rounds_planned=2)
    do_pair_round(event, by=organiser)
    words = lifecycle.stage_words(lifecycle.state_of(event))
    assert "round 2 is paired automatically when the last result is in" in words


def test_a_stale_pair_button_is_refused_not_paired_one_further(league, organiser):
    event = automatic_event(league, organiser, pairs_automatically=False)
    report_round(do_pair_round(event, by=organiser), random.Random(1))
    client = api(organiser)
    url = f"/api/events/{event.slug}/pair/"
    assert client.post(url, {"round": 2}, format="json").status_code == 201
    stale = client.post(url, {"round": 2, "override_reason": "late"}, format="json")
    assert stale.status_code == 409
    assert "Round 2 is paired already" in stale.json()["detail"]
    assert event.rounds.count() == 2


def test_the_api_offers_the_round_it_pairs(league, organiser):
    event = automatic_event(league, organiser, pairs_automatically=False)
    answer = api(organiser).get(f"/api/events/{event.slug}/").json()
    (pair,) = [a for a in answer["next_actions"] if a["action"] == "pair"]
    assert pair["body"] == {"round": 1}
    assert answer["pairs_automatically"] is False


def test_the_setting_is_checked_on_the_api(league, organiser):
    event = automatic_event(league, organiser, pairs_automatically=False)
    url = f"/api/events/{event.slug}/"
    refused = api(organiser).patch(url, {"pairs_automatically": "often"}, format="json")
    assert refused.status_code == 400
    switched_on = api(organiser).patch(url, {"pairs_automatically": True}, format="json")
    assert switched_on.status_code == 200
    event.refresh_from_db()
    assert event.pairs_automatically is True


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_the_worker_pairs_the_next_round_when_the_last_result_is_in(
    celery_worker, league, organiser
):
    event = automatic_event(league, organiser, rounds_planned=2)
    report_round(do_pair_round(event, by=organiser), random.Random(1))
    paired = Round.objects.filter(event=event, number=2, draft=False)
    wait_for(paired.exists, what="round 2 paired and published by the worker")
    assert lifecycle.state_of(event).stage == lifecycle.Stage.PLAYING
