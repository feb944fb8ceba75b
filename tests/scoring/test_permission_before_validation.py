"""Permission before validation: someone who may not override, resolve or dispute gets
403 whatever they send, not a 400 that lists the fields the request should have had."""

import pytest

from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND

pytestmark = pytest.mark.django_db

BAD_BODIES = [{}, {"accept": "perhaps"}, {"kind": "nonsense", "entry": [1]}]


@pytest.fixture
def submission(client_for, player, one_round_table):
    response = client_for(player).post(
        f"/api/tables/{one_round_table.pk}/submissions/",
        {"kind": "call-to-glory-table/1", "entry": RULEBOOK_ROUND},
        content_type="application/json",
    )
    assert response.status_code == 201
    return Submission.objects.get(pk=response.json()["id"])


@pytest.mark.parametrize("body", BAD_BODIES)
def test_a_player_who_is_not_an_organiser_gets_403_for_override_and_resolve(
    client_for, other_player, submission, body
):
    client = client_for(other_player)
    table = submission.table
    for path in (f"/api/tables/{table.pk}/override/", f"/api/submissions/{submission.pk}/resolve/"):
        response = client.post(path, body, content_type="application/json")
        assert response.status_code == 403, path
        assert "organiser" in response.json()["detail"]
    assert Submission.objects.count() == 1


@pytest.mark.parametrize("body", BAD_BODIES)
def test_an_outsider_gets_403_for_dispute_and_submit(client_for, outsider, submission, body):
    client = client_for(outsider)
    dispute = client.post(
        f"/api/submissions/{submission.pk}/dispute/", body, content_type="application/json"
    )
    assert dispute.status_code == 403
    submit = client.post(
        f"/api/tables/{submission.table_id}/submissions/", body, content_type="application/json"
    )
    assert submit.status_code == 403
    assert Submission.objects.get(pk=submission.pk).status == Submission.Status.PENDING


def test_an_organiser_with_a_bad_body_is_told_what_is_missing(client_for, organiser, submission):
    response = client_for(organiser).post(
        f"/api/submissions/{submission.pk}/resolve/", {}, content_type="application/json"
    )
    assert response.status_code == 400 and "accept" in response.json()


def test_a_player_cannot_settle_on_the_page_whatever_the_form(client_for, other_player, submission):
    response = client_for(other_player).post(
        f"/scoring/tables/{submission.table_id}/settle/", {"submission": submission.pk}
    )
    assert response.status_code == 403
