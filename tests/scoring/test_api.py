"""The workflow over HTTP: idempotency keys, clear refusals, and one result under a
burst of concurrent submissions."""

import threading

import pytest
from django.db import connection
from django.test import Client

from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND

BODY = {"kind": "call-to-glory-table/1", "entry": RULEBOOK_ROUND}


def url(table):
    return f"/api/tables/{table.pk}/submissions/"


@pytest.mark.django_db
def test_a_retry_with_the_same_key_replays_the_stored_answer(client_for, player, one_round_table):
    client = client_for(player)
    first = client.post(
        url(one_round_table),
        BODY,
        content_type="application/json",
        headers={"Idempotency-Key": "slip-42"},
    )
    again = client.post(
        url(one_round_table),
        BODY,
        content_type="application/json",
        headers={"Idempotency-Key": "slip-42"},
    )
    assert first.status_code == 201
    assert again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Submission.objects.count() == 1


@pytest.mark.django_db
def test_without_the_key_the_same_result_again_is_an_agreement_that_adds_nothing(
    client_for, player, one_round_table
):
    client = client_for(player)
    first = client.post(url(one_round_table), BODY, content_type="application/json")
    again = client.post(url(one_round_table), BODY, content_type="application/json")
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert again.json()["basis"] == first.json()["basis"]
    assert Submission.objects.count() == 1


@pytest.mark.django_db
def test_another_result_while_one_waits_is_a_conflict_showing_both(
    client_for, player, other_player, one_round_table
):
    client_for(player).post(url(one_round_table), BODY, content_type="application/json")
    other = {**BODY, "entry": {"rounds": [{"scores": [36, 60]}]}}
    again = client_for(other_player).post(
        url(one_round_table), other, content_type="application/json"
    )
    assert again.status_code == 409
    conflict = again.json()["error"]["conflict"]
    assert conflict["round"] == 1
    assert conflict["stored"] == BODY["entry"]["rounds"][0]
    assert conflict["yours"] == {"scores": [36, 60]}
    assert conflict["stored_by"] == str(player)
    assert Submission.objects.get().entry["rounds"] == BODY["entry"]["rounds"]


@pytest.mark.django_db
def test_an_impossible_entry_answers_400_with_the_scorers_error(
    client_for, player, one_round_table
):
    body = {
        "kind": "call-to-glory-table/1",
        "entry": {"rounds": [{"sets": [{"20": 21}, {"16": 3}]}]},
    }
    response = client_for(player).post(url(one_round_table), body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["seat"] == 0
    assert not Submission.objects.exists()


@pytest.mark.django_db
def test_an_outsider_gets_403_and_nothing_changes(client_for, outsider, one_round_table):
    response = client_for(outsider).post(
        url(one_round_table), BODY, content_type="application/json"
    )
    assert response.status_code == 403
    assert not Submission.objects.exists()


@pytest.mark.django_db
def test_confirm_over_the_api_records_the_result(client_for, player, other_player, one_round_table):
    submission_id = (
        client_for(player)
        .post(url(one_round_table), BODY, content_type="application/json")
        .json()["id"]
    )
    response = client_for(other_player).post(f"/api/submissions/{submission_id}/confirm/")
    assert response.status_code == 201
    assert response.json()["status"] == "confirmed"
    assert one_round_table.result.seats.count() == 2


@pytest.mark.django_db(transaction=True)
def test_fifty_concurrent_submissions_leave_exactly_one_and_agree_or_conflict_with_it(
    player, one_round_table
):
    """Half the phones send one result, half another: whichever lands first is stored;
    the same result again is an agreement (200), the other one a conflict (409)."""
    other = {**BODY, "entry": {"rounds": [{"scores": [36, 60]}]}}
    bodies = [BODY if n % 2 else other for n in range(50)]
    statuses = {}
    lock = threading.Lock()
    start = threading.Barrier(50)

    def submit(n):
        client = Client()
        client.force_login(player)
        start.wait()
        response = client.post(
            url(one_round_table),
            bodies[n],
            content_type="application/json",
            headers={"Idempotency-Key": f"phone-{n}"},
        )
        with lock:
            statuses[n] = response.status_code
        connection.close()

    threads = [threading.Thread(target=submit, args=(n,)) for n in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    stored = Submission.objects.get(table=one_round_table)
    first = [n for n, status in statuses.items() if status == 201]
    assert len(first) == 1
    for n, status in statuses.items():
        if n != first[0]:
            same = bodies[n]["entry"]["rounds"] == stored.rounds
            assert status == (200 if same else 409), (n, status)


@pytest.mark.django_db
def test_a_submission_and_its_confirmation_cost_a_fixed_few_queries(
    player, other_player, one_round_table, django_assert_max_num_queries
):
    """The round-end rush sends a thousand of these: each reads only what it needs
    (who sits at the table once, without joined orderings), whatever the event's size."""
    entering, confirming = Client(), Client()
    entering.force_login(player)
    confirming.force_login(other_player)
    # With the session's two reads, and whether the table's game is played on the site.
    with django_assert_max_num_queries(15):
        submitted = entering.post(url(one_round_table), BODY, content_type="application/json")
    assert submitted.status_code == 201
    confirm = f"/api/submissions/{submitted.json()['id']}/confirm/"
    with django_assert_max_num_queries(24):  # the last one writes the result, with the session
        confirmed = confirming.post(confirm, content_type="application/json")
    assert confirmed.json()["status"] == "confirmed"


@pytest.mark.django_db
def test_confirming_an_entry_that_does_not_exist_is_not_found(client_for, other_player, table):
    response = client_for(other_player).post(
        "/api/submissions/987654/confirm/", {}, content_type="application/json"
    )
    assert response.status_code == 404
