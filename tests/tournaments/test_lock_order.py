"""One lock order (docs/architecture.md, "One lock order"): every write and the
standings task lock rows table first, then the event. 200 overrides and confirmations
of one event's tables at once, through the API, with the real worker recomputing the
standings between them: no answer is a server error (a deadlock was one), and the
standings stored at the end are the ones the results give."""

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from lib.refusal import Refusal
from scoring.deciding import do_confirm_result
from scoring.entering import do_submit_result
from scoring.models import Submission
from standings.computing import compute_standings, do_store_standings, do_update_standings
from tests.fixtures.worker import wait_for
from tests.scoring.conftest import RULEBOOK_ROUND, glory_round
from tests.threads import InThread
from tests.tournaments.helpers import make_event
from tournaments.event_editing import do_edit_event
from tournaments.models import Result, SeatResult, StandingRow, StandingsRequest
from tournaments.pairing import do_pair_round, do_repair_round
from tournaments.results import SeatOutcome, do_record_result, lock_table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

TABLE = Submission.Kind.GLORY_TABLE
WRITES = 200
AT_ONCE = 8
OTHER_ROUND = glory_round({"20": 3, "16": 3}, {"18": 2, "12": 3, "9": 2, "8": 2, "7": 2, "6": 2})


def players_of(table):
    return [seat.entrant.user for seat in table.seats.select_related("entrant__user")]


def test_two_hundred_overrides_and_confirmations_at_once_answer_no_server_error(
    celery_worker, league, organiser
):
    event = make_event(
        league,
        organiser,
        players=20,
        table_size=2,
        rules_options={"rounds": 1},
        review_pairings=False,
    )
    tables = list(do_pair_round(event).tables.filter(is_bye=False).order_by("number"))
    pending = {}
    for table in tables:
        submitter, confirmer = players_of(table)
        pending[table.pk] = (
            do_submit_result(table, TABLE, RULEBOOK_ROUND, submitter).pk,
            confirmer,
        )
    rng = random.Random(29)
    writes = [(rng.choice(tables), rng.random() < 0.5) for _ in range(WRITES)]

    def write(work):
        table, overriding = work
        client = Client(raise_request_exception=False)
        try:
            if overriding:
                client.force_login(organiser)
                entry = rng.choice([RULEBOOK_ROUND, OTHER_ROUND])
                response = client.post(
                    f"/api/tables/{table.pk}/override/",
                    {"kind": TABLE, "entry": entry, "reason": "the scoresheet says so"},
                    content_type="application/json",
                )
            else:
                submission, confirmer = pending[table.pk]
                client.force_login(confirmer)
                response = client.post(
                    f"/api/submissions/{submission}/confirm/", {}, content_type="application/json"
                )
            return response.status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(AT_ONCE) as pool:
        statuses = list(pool.map(write, writes))

    assert not [status for status in statuses if status >= 500], statuses
    assert statuses.count(201) >= len(tables)  # every table got an override or a confirmation
    assert set(statuses) <= {201, 409}, statuses  # a confirmation after an override: 409
    wait_for(
        lambda: not StandingsRequest.objects.filter(event=event).exists(),
        what="the standings to cover every result",
    )
    stored = {
        row.entrant_id: (row.rank, row.points) for row in StandingRow.objects.filter(event=event)
    }
    computed = {row["entrant_id"]: (row["rank"], row["points"]) for row in compute_standings(event)}
    assert stored == computed


def test_a_result_is_written_while_the_standings_are_being_stored(league, organiser):
    """The standings task holds its locks (the event's row, then its standings rows)
    while a result of one of the event's tables is written: the write does not wait on
    it (before, the rows' ordering joined the event and the entrants, and FOR UPDATE
    locked both, so a result's rows waited, and with their table held, deadlocked)."""
    event = make_event(
        league, organiser, players=4, table_size=2, rules_options={"rounds": 1},
        review_pairings=False,
    )  # fmt: skip
    first, second = do_pair_round(event).tables.filter(is_bye=False).order_by("number")
    agree(first)
    do_store_standings(event)
    held = InThread(lambda: do_update_standings(event.pk), hold=True)
    assert held.ready.wait(20) and held.error is None
    writer = InThread(lambda: agree(second), lock_timeout="3s").finish()
    assert writer.error is None, writer.error
    held.release()
    assert held.error is None, held.error
    assert Result.objects.filter(table__round__event=event).count() == 2


def test_a_result_written_while_the_points_change_is_scored_by_the_new_points(league, organiser):
    """Changing points by place takes the event's tables first (table, then event): a
    result written meanwhile waits for the change and is scored by the new points."""
    event = make_event(
        league, organiser, players=4, table_size=2, rules_options={"rounds": 1},
        review_pairings=False,
    )  # fmt: skip
    first, second = do_pair_round(event).tables.filter(is_bye=False).order_by("number")
    agree(first)
    held = InThread(lambda: do_edit_event(event, organiser, points_by_place=[5, 0]), hold=True)
    assert held.ready.wait(20) and held.error is None
    writer = InThread(lambda: agree(second), lock_timeout="10s")
    assert not writer.done.wait(1)  # waiting for the second table's lock
    held.release()
    assert held.error is None, held.error
    assert writer.finish().error is None, writer.error
    points = SeatResult.objects.filter(result__table__round__event=event, place=1)
    assert list(points.values_list("points", flat=True)) == [5.0, 5.0]


def agree(table):
    submitter, confirmer = players_of(table)
    do_confirm_result(do_submit_result(table, TABLE, RULEBOOK_ROUND, submitter), confirmer)


def test_a_round_paired_again_while_its_last_result_is_written_waits_for_the_table(
    league, organiser
):
    """Pairing a round again takes its tables before the round (the lock order): a
    result being written holds its table, and marks the round complete (the round's
    row) before it commits. Before, the re-pairing took the round first and then waited
    for the table: a deadlock. Now it waits, then finds the result and refuses."""
    event = make_event(
        league, organiser, players=2, table_size=2, rules_options={"rounds": 1},
        review_pairings=False,
    )  # fmt: skip
    round_ = do_pair_round(event)
    table = round_.tables.get()
    holding = threading.Event()

    def write_result():
        lock_table(table)
        holding.set()
        time.sleep(1)  # the re-pairing asks for the round's locks meanwhile
        do_record_result(table, [SeatOutcome(0, 30, 2), SeatOutcome(1, 40, 1)], source="organiser")

    writer = InThread(write_result, lock_timeout="10s")
    assert holding.wait(20)
    repairing = InThread(lambda: do_repair_round(round_, by=organiser), lock_timeout="10s")
    assert writer.finish().error is None, writer.error
    assert isinstance(repairing.finish().error, Refusal), repairing.error
    assert Result.objects.filter(table__round=round_).count() == 1
