"""Idempotency keys, as pretix has them: bound to the method, path and body; the key's
row is locked while the view runs and its answer commits with the write, so concurrent
requests with one key run once; 409, 429 and 5xx answers are not stored; keys expire."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from scoring.models import IdempotentResponse, Submission
from tests.scoring.conftest import RULEBOOK_ROUND

BODY = {"kind": "call-to-glory-table/1", "entry": RULEBOOK_ROUND}


def url(table):
    return f"/api/tables/{table.pk}/submissions/"


def post(client, path, body, key):
    return client.post(
        path, body, content_type="application/json", headers={"Idempotency-Key": key}
    )


@pytest.mark.django_db
def test_the_same_key_with_a_different_body_is_refused_with_422(
    client_for, player, one_round_table
):
    client = client_for(player)
    assert post(client, url(one_round_table), BODY, "slip-1").status_code == 201
    other = {**BODY, "entry": {"rounds": [{"scores": [18, 20]}]}}
    again = post(client, url(one_round_table), other, "slip-1")
    assert again.status_code == 422
    assert "different body" in again.json()["detail"]
    assert Submission.objects.count() == 1


@pytest.mark.django_db
def test_a_key_first_used_on_a_get_is_not_replayed_for_a_post(client_for, player, one_round_table):
    client = client_for(player)
    listing = client.get(url(one_round_table), headers={"Idempotency-Key": "slip-2"})
    assert listing.status_code == 200 and listing.json() == []
    response = post(client, url(one_round_table), BODY, "slip-2")
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert Submission.objects.count() == 1


@pytest.mark.django_db
def test_a_key_used_on_another_path_is_refused_with_422(
    client_for, player, other_player, one_round_table
):
    submitted = post(client_for(player), url(one_round_table), BODY, "slip-3").json()
    client = client_for(other_player)
    assert post(client, f"/api/submissions/{submitted['id']}/confirm/", {}, "k").status_code == 201
    again = post(client, f"/api/submissions/{submitted['id']}/dispute/", {"comment": "x"}, "k")
    assert again.status_code == 422
    assert "another request" in again.json()["detail"]


@pytest.mark.django_db
def test_a_409_is_not_stored_and_a_retry_runs_again(
    client_for, player, other_player, one_round_table
):
    client = client_for(player)
    first = post(client_for(other_player), url(one_round_table), BODY, "their-key")
    assert first.status_code == 201
    client = client_for(player)
    other = {**BODY, "entry": {"rounds": [{"scores": [36, 60]}]}}
    conflict = post(client, url(one_round_table), other, "slip-4")
    assert conflict.status_code == 409 and "already" in conflict.json()["detail"]
    assert IdempotentResponse.objects.get(key="slip-4").status_code is None
    Submission.objects.all().delete()
    retry = post(client, url(one_round_table), other, "slip-4")
    assert retry.status_code == 201 and "Idempotent-Replayed" not in retry


@pytest.mark.django_db
def test_old_keys_expire(client_for, player, one_round_table):
    client = client_for(player)
    assert post(client, url(one_round_table), BODY, "slip-5").status_code == 201
    IdempotentResponse.objects.update(created_at=timezone.now() - timedelta(hours=25))
    Submission.objects.all().delete()
    again = post(client, url(one_round_table), BODY, "slip-5")
    assert again.status_code == 201 and "Idempotent-Replayed" not in again
    assert IdempotentResponse.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_with_one_key_run_once(player, one_round_table):
    """Twenty copies of one retried request at once: the first runs, the others get
    its answer or are told it is under way; none runs the submission again (which
    would answer the workflow's own 409, "already waiting")."""
    answers = []
    lock = threading.Lock()
    start = threading.Barrier(20)

    def submit():
        client = Client()
        client.force_login(player)
        start.wait()
        response = post(client, url(one_round_table), BODY, "flaky-wifi")
        with lock:
            answers.append((response.status_code, response.json()))
        connection.close()

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    created = [body for status, body in answers if status == 201]
    assert created and all(body == created[0] for body in created)
    others = [body["detail"] for status, body in answers if status != 201]
    assert all("under way" in detail for detail in others), others
    assert Submission.objects.filter(table=one_round_table).count() == 1


@pytest.fixture
def answers_cannot_be_stored():
    """A process that dies after the write and before its answer is stored: storing
    the answer fails inside the write's transaction (a trigger on the answers' table)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE FUNCTION die() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN RAISE EXCEPTION 'the process died'; END $$"
        )
        cursor.execute(
            "CREATE TRIGGER die BEFORE UPDATE ON scoring_idempotentresponse "
            "FOR EACH ROW EXECUTE FUNCTION die()"
        )
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER IF EXISTS die ON scoring_idempotentresponse")
        cursor.execute("DROP FUNCTION IF EXISTS die()")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_crash_between_the_write_and_its_answer_leaves_neither_and_the_retry_runs_once(
    player, one_round_table, answers_cannot_be_stored
):
    client = Client(raise_request_exception=False)
    client.force_login(player)
    crashed = post(client, url(one_round_table), BODY, "crash-1")
    assert crashed.status_code == 500
    assert not Submission.objects.exists()
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER die ON scoring_idempotentresponse")
    retry = post(client, url(one_round_table), BODY, "crash-1")
    assert retry.status_code == 201 and "Idempotent-Replayed" not in retry
    again = post(client, url(one_round_table), BODY, "crash-1")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == retry.json()
    assert Submission.objects.filter(table=one_round_table).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_replays_of_a_finished_key_at_once_all_get_its_answer(player, one_round_table):
    """Six replays at once of a key whose write is done: each gets the stored answer
    (one was told "under way" while another replay held the row's lock to read it).
    Five rounds of six, so that two replays meet in the row's lock."""
    client = Client()
    client.force_login(player)
    first = post(client, url(one_round_table), BODY, "finished")
    assert first.status_code == 201
    answers = []
    lock = threading.Lock()

    def replay(start):
        replaying = Client()
        replaying.force_login(player)
        start.wait()
        response = post(replaying, url(one_round_table), BODY, "finished")
        with lock:
            answers.append((response.status_code, response.get("Idempotent-Replayed")))
        connection.close()

    for _round in range(5):
        start = threading.Barrier(6)
        threads = [threading.Thread(target=replay, args=(start,)) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    assert answers == [(201, "true")] * 30
    assert Submission.objects.filter(table=one_round_table).count() == 1
