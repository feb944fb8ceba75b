"""Finishing an event: once every table has its result the organiser closes it; a
finished event takes no new round and no result until an organiser reopens it."""

import random

import pytest
from rest_framework.test import APIClient

from lib.refusal import Refusal
from scoring.deciding import do_override_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tests.tournaments.helpers import make_event, report_round
from tournaments.entrants import do_add_entrant, do_add_walk_in, do_drop_entrant, do_set_seed
from tournaments.finishing import do_finish_event, do_reopen_event
from tournaments.models import Event, Result
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


def test_an_event_with_a_table_still_playing_cannot_be_finished(league, organiser):
    event = make_event(league, organiser, players=8)
    do_pair_round(event)
    event.refresh_from_db()
    with pytest.raises(Refusal, match="2 table.* no result yet.*table 1 of round 1"):
        do_finish_event(event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


def test_a_finished_event_takes_no_new_round_and_no_result_until_reopened(league, organiser):
    event = make_event(league, organiser, players=8)
    round_ = do_pair_round(event)
    report_round(round_, random.Random(1))
    event.refresh_from_db()
    do_finish_event(event)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    with pytest.raises(Refusal, match="finished"):
        do_pair_round(event)
    table = round_.tables.first()
    with pytest.raises(Refusal, match="finished"):
        do_record_result(table, [SeatOutcome(p, 0, 1) for p in range(4)], source="organiser")
    assert event.rounds.count() == 1

    do_reopen_event(event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert do_pair_round(event).number == 2


def test_a_finished_event_takes_no_entrant_drop_or_seed(league, organiser, player):
    event = make_event(league, organiser, players=4)
    report_round(do_pair_round(event), random.Random(4))
    do_finish_event(event)
    event.refresh_from_db()
    entrant = event.entrants.first()
    for change in (
        lambda: do_add_entrant(event, user=player),
        lambda: do_add_walk_in(event, "Late Larry"),
        lambda: do_drop_entrant(entrant),
        lambda: do_set_seed(entrant, 1),
    ):
        with pytest.raises(Refusal, match="finished"):
            change()
    entrant.refresh_from_db()
    assert event.entrants.count() == 4
    assert entrant.status == entrant.Status.ACTIVE and entrant.seed == 0


def test_a_draft_event_is_not_finished(league, organiser):
    event = make_event(league, organiser, players=8)
    with pytest.raises(Refusal, match="Only a running event"):
        do_finish_event(event)


def test_players_cannot_enter_a_result_at_a_finished_event(table, player):
    Event.objects.filter(pk=table.round.event_id).update(status=Event.Status.FINISHED)
    table.refresh_from_db()
    with pytest.raises(Refusal, match="finished") as refused:
        do_submit_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, player)
    assert refused.value.is_conflict
    assert not Submission.objects.exists() and not Result.objects.exists()


def test_a_result_entered_as_the_event_is_finished_is_refused_whole(table, organiser):
    """The organiser's page still showed the event running (another organiser finished
    it meanwhile): the check under the event's lock refuses, and nothing is kept."""
    event = table.round.event
    event.rules_options = {"rounds": 1}  # one entry ends the game
    event.save()
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    assert table.round.event.status != Event.Status.FINISHED  # a stale view
    with pytest.raises(Refusal, match="finished") as refused:
        do_override_result(table, Submission.Kind.GLORY_TABLE, RULEBOOK_ROUND, organiser, "typo")
    assert refused.value.is_conflict
    assert not Submission.objects.exists() and not Result.objects.exists()


def test_only_an_organiser_finishes_and_the_page_then_says_final(
    client_for, league, organiser, player
):
    event = make_event(league, organiser, players=4)
    report_round(do_pair_round(event), random.Random(2))

    assert client_for(player).post(f"/events/{event.slug}/finish/").status_code == 403
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING

    response = client_for(organiser).post(f"/events/{event.slug}/finish/", follow=True)
    page = response.content.decode()
    assert "Final standings" in page and "Reopen the event" in page
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED


def test_recomputing_a_finished_events_standings_is_offered_as_a_harmless_action(
    client_for, league, organiser
):
    event = make_event(league, organiser, players=4)
    report_round(do_pair_round(event), random.Random(2))
    do_finish_event(event)
    page = client_for(organiser).get(f"/events/{event.slug}/").content.decode()
    assert '<button type="submit" class="secondary">Recompute standings</button>' in page


def test_the_api_finishes_and_reopens_for_organisers_only(league, organiser, outsider):
    event = make_event(league, organiser, players=4)
    round_ = do_pair_round(event)
    client = APIClient()
    client.force_authenticate(organiser)
    refused = client.post(f"/api/events/{event.slug}/finish/")
    assert refused.status_code == 400 and "no result yet" in str(refused.json())

    report_round(round_, random.Random(3))
    client.force_authenticate(outsider)
    assert client.post(f"/api/events/{event.slug}/finish/").status_code == 403
    client.force_authenticate(organiser)
    finished = client.post(f"/api/events/{event.slug}/finish/")
    assert finished.status_code == 200 and finished.json()["status"] == "finished"
    reopened = client.post(f"/api/events/{event.slug}/reopen/")
    assert reopened.status_code == 200 and reopened.json()["status"] == "running"
