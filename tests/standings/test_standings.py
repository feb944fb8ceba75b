"""Standings: tie-breaks in the organiser's order, shared ranks, and the coalescing task."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from standings.computing import (
    STANDINGS_CLAIM_EXPIRES,
    compute_standings,
    do_store_standings,
    schedule_standings,
    store_rows,
)
from standings.tasks import update_standings
from tests.tournaments.helpers import make_event, play
from tournaments.models import Event, StandingRow, StandingsRequest
from tournaments.ranking import request_standings_update
from tournaments.results import SeatOutcome, do_record_result

pytestmark = pytest.mark.django_db


def standings_names(event):
    names = dict(event.entrants.values_list("pk", "name"))
    return [(row["rank"], names[row["entrant_id"]]) for row in compute_standings(event)]


def record(table, *scores_and_places):
    outcomes = [SeatOutcome(i, s, p) for i, (s, p) in enumerate(scores_and_places)]
    return do_record_result(table, outcomes, source="organiser")


def test_two_entrants_tied_first_share_the_points_of_the_places_they_cover(table):
    record(table, (50, 1), (50, 1))
    assert [(r["rank"], r["points"]) for r in compute_standings(table.round.event)] == [
        (1, 2.0),
        (1, 2.0),
    ]


def test_the_tie_break_order_decides_between_entrants_equal_on_points(league, organiser):
    event = make_event(league, organiser, players=4, table_size=2, points_by_place=[1, 0])
    from tournaments.pairing import do_pair_round

    first = do_pair_round(event)
    t1, t2 = first.tables.all()
    # Both winners have one point; one won big, the other won twice as a side table
    # cannot: so game score separates them, and wins do not.
    record(t1, (200, 1), (10, 2))
    record(t2, (60, 1), (50, 2))
    winners = {t1.seats.get(position=0).entrant.name, t2.seats.get(position=0).entrant.name}
    event.tiebreak_order = ["score_total"]
    event.save()
    by_score = standings_names(event)
    assert by_score[0][0] == 1 and by_score[1][0] == 2
    assert {by_score[0][1], by_score[1][1]} == winners
    event.tiebreak_order = ["wins"]
    event.save()
    by_wins = standings_names(event)
    assert by_wins[0][0] == by_wins[1][0] == 1  # equal on every key: they share the rank
    event.tiebreak_order = ["best_round", "score_total"]
    event.save()
    losers_by_best = [name for rank, name in standings_names(event)[2:]]
    event.tiebreak_order = ["head_to_head"]
    event.save()
    assert standings_names(event)[2][0] == standings_names(event)[3][0] == 3
    assert len(losers_by_best) == 2


def test_head_to_head_separates_two_tied_entrants_who_met(league, organiser):
    event = make_event(league, organiser, players=2, table_size=2, points_by_place=[1, 0])
    from tournaments.pairing import do_pair_round

    first = do_pair_round(event)
    record(first.tables.get(), (10, 1), (10, 2))
    a, b = [s.entrant for s in first.tables.get().seats.all()]
    b.start_points = 1  # level on points, but a beat b
    b.save()
    event.tiebreak_order = ["head_to_head"]
    event.save()
    assert [(r["entrant_id"], r["rank"]) for r in compute_standings(event)] == [
        (a.pk, 1),
        (b.pk, 2),
    ]


def test_an_unknown_tie_break_is_refused(event):
    event.tiebreak_order = ["coin_toss"]
    with pytest.raises(ValueError, match="coin_toss"):
        compute_standings(event)


def test_running_the_standings_task_twice_changes_nothing(table):
    record(table, (90, 1), (40, 2))
    event = table.round.event
    assert update_standings.run(event.pk) == 2
    first = list(StandingRow.objects.filter(event=event).values("entrant", "rank", "points", "pk"))
    assert update_standings.run(event.pk) is None  # the request is already covered
    assert do_store_standings(event) == 2
    again = list(StandingRow.objects.filter(event=event).values("entrant", "rank", "points"))
    assert again == [{k: row[k] for k in ("entrant", "rank", "points")} for row in first]


def test_a_burst_of_results_is_covered_by_one_standings_run(league, organiser):
    event = make_event(league, organiser, players=12)
    play(event, 1)  # pairing and three results: four requests
    waiting = StandingsRequest.objects.filter(event=event)
    assert waiting.count() == 4
    runs = [update_standings.run(event.pk) for _ in range(3)]
    assert runs == [12, None, None]
    assert not waiting.exists()


def test_one_standings_task_is_in_flight_per_event_until_nothing_is_left(table):
    event = table.round.event
    assert schedule_standings(event.pk) is True
    assert schedule_standings(event.pk) is False  # the burst's later results send none
    record(table, (90, 1), (40, 2))
    assert update_standings.run(event.pk) == 2  # and it looks again later: still claimed
    assert Event.objects.get(pk=event.pk).standings_queued_at is not None
    assert update_standings.run(event.pk) is None  # nothing left: the claim is released
    assert Event.objects.get(pk=event.pk).standings_queued_at is None
    assert schedule_standings(event.pk) is True


def test_a_claim_left_by_a_lost_task_expires(table):
    event = table.round.event
    stale = timezone.now() - STANDINGS_CLAIM_EXPIRES - timedelta(seconds=1)
    Event.objects.filter(pk=event.pk).update(standings_queued_at=stale)
    assert schedule_standings(event.pk) is True


def test_a_recompute_updates_the_rows_in_place(league, organiser):
    event = make_event(league, organiser, players=8)
    first, second = play(event, 2)
    update_standings.run(event.pk)
    before = dict(StandingRow.objects.filter(event=event).values_list("entrant_id", "pk"))
    table = second.tables.filter(is_bye=False).first()
    record(table, *[(10 * p, 4 - p) for p in range(4)])  # the order of the table turned
    update_standings.run(event.pk)
    rows = StandingRow.objects.filter(event=event)
    assert dict(rows.values_list("entrant_id", "pk")) == before
    assert [(r["entrant_id"], r["rank"], r["points"]) for r in compute_standings(event)] == list(
        rows.order_by("rank", "entrant__name").values_list("entrant_id", "rank", "points")
    )


def test_a_new_request_after_a_run_makes_the_next_run_recompute(table):
    event = table.round.event
    record(table, (90, 1), (40, 2))
    update_standings.run(event.pk)
    request_standings_update(event)
    assert update_standings.run(event.pk) == 2
    assert update_standings.run(Event.objects.order_by("-pk").first().pk + 1) is None


def test_rank_by_round_follows_each_entrant(league, organiser):
    event = make_event(league, organiser, players=8)
    play(event, 3)
    rows = compute_standings(event)
    assert all(len(row["rank_by_round"]) == 3 for row in rows)
    assert all(row["rank_by_round"][-1] <= row["rank"] for row in rows)


def test_a_later_result_updates_the_stored_rows_in_place(league, organiser):
    event = make_event(league, organiser, players=8, table_size=4)
    play(event, rounds=1, seed=3)
    do_store_standings(event)
    before = {row.entrant_id: row for row in StandingRow.objects.filter(event=event)}

    play(event, rounds=1, seed=4)
    do_store_standings(event)

    after = {row.entrant_id: row for row in StandingRow.objects.filter(event=event)}
    assert {e: row.pk for e, row in after.items()} == {e: row.pk for e, row in before.items()}
    assert [after[e].games for e in after] == [2] * 8
    expected = {row["entrant_id"]: row for row in compute_standings(event)}
    for entrant, row in after.items():
        assert (row.rank, row.points, row.tiebreaks, row.rank_by_round) == tuple(
            expected[entrant][field] for field in ("rank", "points", "tiebreaks", "rank_by_round")
        )


def test_a_run_writes_only_the_rows_that_changed(league, organiser):
    """``store_rows`` on both databases (compared here on SQLite, in one UPDATE on
    PostgreSQL): the same rows write nothing and move no version; one changed row is
    one write; an entrant new to the standings is added and one gone is removed."""
    event = make_event(league, organiser, players=4, table_size=2)
    play(event, 1)
    do_store_standings(event)
    before = dict(StandingRow.objects.filter(event=event).values_list("entrant_id", "computed_at"))
    version = Event.objects.get(pk=event.pk).standings_version
    rows = compute_standings(event)
    assert store_rows(event, rows) == 0
    assert Event.objects.get(pk=event.pk).standings_version == version
    moved = {**rows[0], "points": rows[0]["points"] + 1, "tiebreaks": {"changed": 1}}
    assert store_rows(event, [moved, *rows[1:]]) == 1
    after = dict(StandingRow.objects.filter(event=event).values_list("entrant_id", "computed_at"))
    assert [e for e in after if after[e] != before[e]] == [moved["entrant_id"]]
    stored = StandingRow.objects.get(event=event, entrant_id=moved["entrant_id"])
    assert (stored.points, stored.tiebreaks) == (moved["points"], {"changed": 1})
    assert Event.objects.get(pk=event.pk).standings_version == version + 1
    assert store_rows(event, rows[1:]) == 1  # the first entrant gone
    assert not StandingRow.objects.filter(entrant_id=rows[0]["entrant_id"]).exists()
    assert store_rows(event, rows) == 1
    assert StandingRow.objects.filter(event=event).count() == 4


@pytest.mark.postgres
def test_standing_rows_leave_room_for_their_next_version():
    """fillfactor 50 (tournaments 0027): a run's updates stay on their page (HOT) and
    the page prunes the old versions, with or without vacuum."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'tournaments_standingrow'")
        assert cursor.fetchone()[0] == ["fillfactor=50"]
