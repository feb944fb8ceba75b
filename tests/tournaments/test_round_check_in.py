"""Check-in every round, over the API: publishing a round opens its window, a player
checks in only themself, closing the window (when the life cycle offers it) forfeits
the seats of who did not come, places them last and gives the table to the one player
who came; an organiser undoes a forfeit with a reason; two no-shows in a row drop."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.helpers import api, make_event
from tournaments import lifecycle
from tournaments.models import (
    Entrant,
    EventLogEntry,
    Forfeit,
    Result,
    Round,
    RoundCheckIn,
    SeatResult,
)
from tournaments.pairing import do_pair_round
from tournaments.results import SeatOutcome, do_record_result
from tournaments.round_check_in import do_check_in_for_round
from tournaments.round_forfeits import do_close_check_in
from tournaments.tasks import close_due_check_ins

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(league, organiser):
    """Four players at tables of two, check-in every round for 5 minutes."""
    return make_event(
        league, organiser, players=4, table_size=2, points_by_place=[3, 0], round_check_in=5
    )


def entrants_of(round_):
    return {
        t.number: [s.entrant for s in t.seats.order_by("position")]
        for t in round_.tables.filter(is_bye=False)
    }


def url(event, number, tail):
    return f"/api/events/{event.slug}/rounds/{number}/{tail}/"


def test_publishing_a_round_opens_its_check_in(duel):
    round_ = do_pair_round(duel)
    assert round_.check_in_closes_at is not None
    left = round_.check_in_closes_at - timezone.now()
    assert timedelta(minutes=4) < left <= timedelta(minutes=5)
    state = lifecycle.state_of(duel)
    assert state.primary == lifecycle.Act.CLOSE_CHECK_IN


def test_without_the_option_a_round_has_no_check_in(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, points_by_place=[3, 0])
    round_ = do_pair_round(event)
    assert round_.check_in_closes_at is None
    assert lifecycle.Act.CLOSE_CHECK_IN not in lifecycle.state_of(event).acts


def test_a_player_checks_in_only_themself(duel, organiser, outsider):
    round_ = do_pair_round(duel)
    first, second = entrants_of(round_)[1]
    answer = api(first.user).post(url(duel, 1, "check-in"), {}, format="json")
    assert answer.status_code == 200 and answer.json()["checked_in"] == [first.pk]
    theirs = api(first.user).post(url(duel, 1, "check-in"), {"entrant": second.pk}, format="json")
    assert theirs.status_code == 403
    assert api(outsider).post(url(duel, 1, "check-in"), {}, format="json").status_code == 404
    by_organiser = api(organiser).post(
        url(duel, 1, "check-in"), {"entrant": second.pk}, format="json"
    )
    assert sorted(by_organiser.json()["checked_in"]) == sorted([first.pk, second.pk])
    logged = EventLogEntry.objects.get(event=duel, action=EventLogEntry.Action.ROUND_CHECKED_IN)
    assert logged.detail["entrant"] == second.name


def test_closing_forfeits_who_did_not_come_and_the_one_who_came_wins(duel, organiser):
    round_ = do_pair_round(duel)
    tables = entrants_of(round_)
    came, absent = tables[1]
    do_check_in_for_round(round_, came, by=came.user)
    answer = api(organiser).post(url(duel, 1, "close-check-in"), format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert not body["open"] and body["closed_at"]
    forfeited = sorted(f["entrant"] for f in body["forfeits"])
    assert forfeited == sorted([absent.name, *(e.name for e in tables[2])])
    result = Result.objects.get(table__round=round_, table__number=1)
    assert result.source == Result.Source.FORFEIT and result.recorded_by is None
    places = dict(result.seats.values_list("entrant_id", "place"))
    assert places == {came.pk: 1, absent.pk: 2}
    # Nobody came to table 2: nothing is made up for it.
    assert not Result.objects.filter(table__round=round_, table__number=2).exists()
    assert lifecycle.state_of(duel).stage == lifecycle.Stage.PLAYING


def test_a_forfeited_seat_is_placed_last_whatever_is_entered(league, organiser):
    event = make_event(league, organiser, players=4, table_size=4, round_check_in=5)
    round_ = do_pair_round(event)
    seated = entrants_of(round_)[1]
    for entrant in seated[1:]:
        do_check_in_for_round(round_, entrant, by=entrant.user)
    do_close_check_in(round_, by=organiser)
    table = round_.tables.get(number=1)
    outcomes = [SeatOutcome(p, 10 - p, p + 1) for p in range(4)]  # the absent seat 1st
    do_record_result(table, outcomes, source="organiser", by=organiser)
    places = dict(SeatResult.objects.filter(result__table=table).values_list("position", "place"))
    assert places == {0: 4, 1: 1, 2: 2, 3: 3}
    assert table.result.detail["forfeits"] == [0]


def test_closing_is_refused_when_the_life_cycle_does_not_offer_it(duel, organiser):
    round_ = do_pair_round(duel)
    do_close_check_in(round_, by=organiser)
    again = api(organiser).post(url(duel, 1, "close-check-in"), format="json")
    assert again.status_code == 409 and "Not now" in again.json()["detail"]
    player = entrants_of(round_)[1][0]
    late = api(player.user).post(url(duel, 1, "check-in"), {}, format="json")
    assert late.status_code == 409
    assert Forfeit.objects.filter(round=round_).count() == 4


def test_only_organisers_close_and_undo(duel):
    round_ = do_pair_round(duel)
    player = entrants_of(round_)[1][0]
    assert api(player.user).post(url(duel, 1, "close-check-in")).status_code == 403
    assert Round.objects.get(pk=round_.pk).check_in_closed_at is None


def test_undoing_a_forfeit_needs_a_reason_and_takes_back_the_rule_s_result(duel, organiser):
    round_ = do_pair_round(duel)
    came, absent = entrants_of(round_)[1]
    do_check_in_for_round(round_, came, by=came.user)
    do_close_check_in(round_, by=organiser)
    undo = url(duel, 1, f"forfeits/{absent.pk}/undo")
    blank = api(organiser).post(undo, {"reason": " "}, format="json")
    assert blank.status_code == 400 and blank.json()["field"] == "reason"
    assert Forfeit.objects.get(entrant=absent).stands
    assert api(came.user).post(undo, {"reason": "x"}, format="json").status_code == 403
    done = api(organiser).post(undo, {"reason": "She was at the bar"}, format="json")
    assert done.status_code == 200 and done.json()["undone"]
    assert not Result.objects.filter(table__round=round_, table__number=1).exists()
    assert api(organiser).post(undo, {"reason": "again"}, format="json").status_code == 409
    logged = EventLogEntry.objects.get(event=duel, action=EventLogEntry.Action.FORFEIT_UNDONE)
    assert logged.detail["reason"] == "She was at the bar"


def test_two_no_shows_in_a_row_drop_the_entrant_and_the_undo_puts_them_back(league, organiser):
    event = make_event(
        league,
        organiser,
        players=2,
        table_size=2,
        points_by_place=[3, 0],
        round_check_in=5,
        no_show_drops=True,
    )
    first = do_pair_round(event)
    came, absent = entrants_of(first)[1]
    do_check_in_for_round(first, came, by=came.user)
    do_close_check_in(first, by=organiser)
    assert Entrant.objects.get(pk=absent.pk).is_active
    second = do_pair_round(event)
    came, absent = sorted(entrants_of(second)[1], key=lambda e: e.pk != came.pk)
    do_check_in_for_round(second, came, by=came.user)
    do_close_check_in(second, by=organiser)
    dropped = Entrant.objects.get(pk=absent.pk)
    assert dropped.is_no_show and dropped.dropped_after_round == 2
    answer = api(organiser).post(
        url(event, 2, f"forfeits/{absent.pk}/undo"), {"reason": "train late"}, format="json"
    )
    assert answer.status_code == 200
    assert Entrant.objects.get(pk=absent.pk).is_active


def test_the_beat_task_closes_windows_whose_time_is_up(duel):
    round_ = do_pair_round(duel)
    Round.objects.filter(pk=round_.pk).update(
        check_in_closes_at=timezone.now() - timedelta(seconds=1)
    )
    assert close_due_check_ins() == 4
    assert close_due_check_ins() == 0  # once
    assert Round.objects.get(pk=round_.pk).check_in_closed_at is not None


def test_a_bad_window_is_refused_naming_the_field(duel, organiser):
    answer = api(organiser).patch(f"/api/events/{duel.slug}/", {"round_check_in": 0}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "round_check_in"
    assert Round.objects.count() == 0


def test_the_slip_checks_in_a_player_of_its_own_table(event, organiser, client):
    from scoring.slips import slip_path
    from tournaments.entrants import do_add_walk_in

    event.round_check_in, event.rules_options = 5, {"rounds": 1}
    event.save()
    for name in ("Wanda Walkin", "Walter Walkin", "Wendy Walkin", "Will Walkin"):
        do_add_walk_in(event, name)
    round_ = do_pair_round(event, by=organiser)
    table = round_.tables.get(number=1)
    page = client.get(slip_path(table)).content.decode()
    assert "Check-in for this round" in page
    second = table.seats.get(position=1).entrant
    answer = client.post(slip_path(table) + "check-in/", {"seat": 2}, follow=True)
    assert f"{second.name} is checked in." in answer.content.decode()
    here = RoundCheckIn.objects.get(round=round_)
    assert here.entrant == second and here.from_slip and here.by is None
    elsewhere = client.post(slip_path(table) + "check-in/", {"seat": 9}, follow=True)
    assert "Choose a seat" in elsewhere.content.decode()
    assert RoundCheckIn.objects.filter(round=round_).count() == 1
