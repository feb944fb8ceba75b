"""Pairing rounds in the database: refusals, overrides, drops, late entries, re-pairs."""

import random
from collections import Counter
from itertools import combinations

import pytest

from lib.refusal import Refusal
from tests.tournaments.helpers import enter, make_event, play, report_round, tables_of
from tournaments.entrants import do_add_entrant, do_add_walk_in, do_drop_entrant
from tournaments.models import Event, Round, Seat
from tournaments.pairing import do_pair_round, do_repair_round, do_swap_seats

pytestmark = pytest.mark.django_db


def meetings(event):
    met = Counter()
    for round_ in event.rounds.all():
        for table in tables_of(round_):
            met.update(combinations(sorted(table), 2))
    return met


def test_thirty_entrants_play_five_swiss_rounds_at_fours_without_meeting_twice(league, organiser):
    event = make_event(league, organiser, players=30)
    rounds = play(event, 5)
    assert all(Counter(len(t) for t in tables_of(r)) == {4: 6, 3: 2} for r in rounds)
    assert max(meetings(event).values()) == 1
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert all(t.explanation["repeats_forced"] == [] for t in rounds[-1].tables.all())


def test_the_next_round_is_refused_while_results_are_missing(league, organiser):
    event = make_event(league, organiser, players=8)
    first = do_pair_round(event)
    with pytest.raises(Refusal, match="without a result"):
        do_pair_round(event)
    assert event.rounds.count() == 1
    report_round(first, random.Random(1))
    first.refresh_from_db()
    assert first.status == Round.Status.COMPLETE
    assert do_pair_round(event).number == 2


def test_an_organiser_may_pair_with_results_missing_by_giving_a_reason(league, organiser):
    event = make_event(league, organiser, players=8)
    do_pair_round(event)
    second = do_pair_round(event, by=organiser, override_reason="table 2 went home early")
    assert second.number == 2 and second.override_reason == "table 2 went home early"


def test_a_dropped_entrant_is_not_paired_again_and_keeps_their_results(league, organiser):
    event = make_event(league, organiser, players=7)
    play(event, 1)
    dropped = event.entrants.first()
    do_drop_entrant(dropped)
    second = do_pair_round(event)
    seated = {key for table in tables_of(second) for key in table}
    assert dropped.pk not in seated and len(seated) == 6
    assert dropped.results.count() == 1
    dropped.refresh_from_db()
    assert dropped.dropped_after_round == 1


def test_a_late_entry_joins_the_next_round_with_the_late_entry_points(
    league, organiser, other_player
):
    event = make_event(league, organiser, players=7, late_entry_points=1.5)
    play(event, 1)
    late = do_add_entrant(event, user=other_player)
    assert (late.joined_round, late.start_points) == (2, 1.5)
    second = do_pair_round(event)
    assert any(late.pk in table for table in tables_of(second))
    assert sum(len(t) for t in tables_of(second)) == 8


def test_a_walk_in_player_gets_a_placeholder_account_that_cannot_log_in(league, organiser):
    event = make_event(league, organiser)
    entrant = do_add_walk_in(event, "Wanda Walkin")
    assert entrant.name == "Wanda Walkin"
    assert not entrant.user.is_active and not entrant.user.has_usable_password()


def test_an_entrant_cannot_be_entered_twice(league, organiser, player):
    event = make_event(league, organiser)
    do_add_entrant(event, user=player)
    with pytest.raises(Refusal, match="already entered"):
        do_add_entrant(event, user=player)


def test_a_round_can_be_paired_again_before_any_result_but_not_after(league, organiser):
    event = make_event(league, organiser, players=9, table_size=3)
    first = do_pair_round(event)
    do_repair_round(first)
    assert first.tables.count() == 3 and Seat.objects.filter(table__round=first).count() == 9
    report_round(first, random.Random(3))
    with pytest.raises(Refusal, match="no longer be changed"):
        do_repair_round(first)


def test_an_organiser_swaps_two_seats_across_tables_before_results(league, organiser):
    event = make_event(league, organiser, players=8)
    first = do_pair_round(event)
    a = Seat.objects.get(table__round=first, table__number=1, position=0)
    b = Seat.objects.get(table__round=first, table__number=2, position=3)
    entrants = (a.entrant_id, b.entrant_id)
    do_swap_seats(first, a.pk, b.pk)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (b.entrant_id, a.entrant_id) == entrants
    assert a.table.explanation["swapped_by_organiser"] == 1


def test_odd_two_seat_swiss_gives_one_bye_a_round_and_the_bye_scores(league, organiser):
    event = make_event(league, organiser, players=5, table_size=2, points_by_place=[3, 0])
    rounds = play(event, 3)
    byes = [r.tables.get(is_bye=True).seats.get().entrant_id for r in rounds]
    assert len(set(byes)) == 3
    from standings.computing import compute_standings

    points = {row["entrant_id"]: row["points"] for row in compute_standings(event)}
    assert sum(points.values()) == 3 * 2 * 3 + 3 * 3  # two games a round, plus a bye


def test_pairing_is_deterministic_for_the_event_seed(league, organiser):
    seatings = []
    for _ in range(2):
        event = make_event(league, organiser, players=13, seed=99)
        random.seed()
        first = do_pair_round(event)
        names = {e.pk: e.name for e in event.entrants.all()}
        seatings.append([[names[k] for k in t] for t in tables_of(first)])
    assert seatings[0] == seatings[1]


def test_round_robin_and_knockout_run_through_the_database(league, organiser):
    event = make_event(league, organiser, players=16, format="round-robin")
    play(event, 5)
    assert set(meetings(event).values()) == {1}
    knockout = make_event(league, organiser, players=7, table_size=2, format="knockout")
    rounds = play(knockout, 3)
    assert [r.tables.filter(is_bye=False).count() for r in rounds] == [3, 2, 1]
    with pytest.raises(Refusal, match="over"):
        do_pair_round(knockout)
    assert Round.objects.filter(event=knockout).count() == 3


def test_entrants_who_join_late_are_only_seated_from_their_round(league, organiser):
    event = make_event(league, organiser, players=4)
    play(event, 1)
    late = enter(event, 1, prefix="late")[0]
    late.joined_round = 3
    late.save()
    second = do_pair_round(event)
    assert all(late.pk not in t for t in tables_of(second))
