"""The API answers a submission from plain values (``scoring.api.submission_answer``,
issue 47: the serializer's fields cost a sixth of a confirmation's CPU); the answer is
the serializer's, field for field, for an entry in progress, waiting and confirmed, in
any time zone."""

import json

import pytest
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from scoring.api import SubmissionSerializer, submission_answer
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND

pytestmark = pytest.mark.django_db
ROUND = RULEBOOK_ROUND["rounds"][0]


def serialized(submission_id: int) -> bytes:
    stored = Submission.objects.select_related("submitted_by").get(pk=submission_id)
    return JSONRenderer().render(SubmissionSerializer(stored).data)


def same(answer, submission_id: int) -> bool:
    """The answer is the serializer's of the stored row: the same fields in the same
    order with the same values (PostgreSQL keeps a JSON value's keys in its own order)."""
    theirs = json.loads(serialized(submission_id))
    return list(answer.json()) == list(theirs) and answer.json() == theirs


def enter(client, table, *rounds):
    body = {"kind": "call-to-glory-table/1", "entry": {"rounds": list(rounds)}}
    return client.post(
        f"/api/tables/{table.pk}/submissions/", body, content_type="application/json"
    )


def test_each_write_and_the_list_answer_the_serializers_fields(
    client_for, player, other_player, table
):
    table.round.event.rules_options = {"rounds": 2}
    table.round.event.save()
    started = enter(client_for(player), table, ROUND)
    submission = started.json()["id"]
    assert started.json()["status"] == "in_progress"
    assert same(started, submission)
    finished = enter(client_for(player), table, ROUND, ROUND)
    assert finished.json()["status"] == "pending"
    assert same(finished, submission)
    confirmed = client_for(other_player).post(f"/api/submissions/{submission}/confirm/")
    assert confirmed.json()["status"] == "confirmed"
    assert confirmed.json()["decided_at"] is not None
    assert same(confirmed, submission)

    listed = client_for(player).get(f"/api/tables/{table.pk}/submissions/")
    stored = Submission.objects.filter(table=table).select_related("submitted_by")
    assert listed.json() == json.loads(
        JSONRenderer().render(SubmissionSerializer(stored, many=True).data)
    )


@pytest.mark.parametrize("zone", ["UTC", "America/St_Johns"])
def test_the_answer_is_the_serializers_in_any_time_zone(
    client_for, player, other_player, table, zone
):
    table.round.event.rules_options = {"rounds": 1}
    table.round.event.save()
    submission = enter(client_for(player), table, ROUND).json()["id"]
    client_for(other_player).post(f"/api/submissions/{submission}/confirm/")
    stored = Submission.objects.select_related("submitted_by").get(pk=submission)

    with timezone.override(zone):
        answer = JSONRenderer().render(submission_answer(stored))
        assert answer == serialized(submission)
    assert json.loads(answer)["decided_at"].endswith("Z") == (zone == "UTC")
