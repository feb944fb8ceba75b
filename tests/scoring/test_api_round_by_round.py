"""Over the API, a Call to Glory game grows round by round: each POST holds the rounds
so far (201 new, 200 extended, never a 409 for the same player's growing entry), and the
others confirm once the game is complete."""

import pytest

from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Result

pytestmark = pytest.mark.django_db
ROUND = RULEBOOK_ROUND["rounds"][0]
SWAPPED = {"sets": list(reversed(ROUND["sets"]))}


def body(*rounds) -> dict:
    return {"kind": "call-to-glory-table/1", "entry": {"rounds": list(rounds)}}


def post(client, table, data):
    return client.post(
        f"/api/tables/{table.pk}/submissions/", data, content_type="application/json"
    )


@pytest.fixture
def four_round_table(table):
    table.round.event.rules_options = {"rounds": 4}
    table.round.event.save()
    return table


def test_four_rounds_one_by_one_then_a_single_confirmation(
    client_for, player, other_player, four_round_table
):
    client = client_for(player)
    played = [ROUND, SWAPPED, ROUND, SWAPPED]
    first = post(client, four_round_table, body(*played[:1]))
    assert first.status_code == 201
    assert first.json()["status"] == "in_progress"
    assert first.json()["complete"] is False
    for k in (2, 3):
        response = post(client, four_round_table, body(*played[:k]))
        assert response.status_code == 200, response.json()
        assert response.json()["id"] == first.json()["id"]
        assert response.json()["status"] == "in_progress"

    other = client_for(other_player)
    early = other.post(f"/api/submissions/{first.json()['id']}/confirm/")
    assert early.status_code == 409
    assert "not over" in early.json()["detail"]

    client = client_for(player)
    last = post(client, four_round_table, body(*played))
    assert last.status_code == 200
    assert last.json()["status"] == "pending" and last.json()["complete"] is True

    confirmed = client_for(other_player).post(f"/api/submissions/{first.json()['id']}/confirm/")
    assert confirmed.status_code == 201
    assert confirmed.json()["status"] == "confirmed"
    assert [s.score for s in Result.objects.get().seats.order_by("position")] == [192, 192]
    assert Submission.objects.count() == 1


def test_a_retry_of_the_same_rounds_answers_200_and_changes_nothing(
    client_for, player, four_round_table
):
    client = client_for(player)
    assert post(client, four_round_table, body(ROUND)).status_code == 201
    again = post(client, four_round_table, body(ROUND))
    assert again.status_code == 200
    assert Submission.objects.get().rounds_entered == 1


def test_rounds_that_contradict_the_saved_ones_are_a_409_with_the_round(
    client_for, player, other_player, four_round_table
):
    post(client_for(player), four_round_table, body(ROUND, ROUND))
    response = post(client_for(other_player), four_round_table, body(SWAPPED, ROUND, ROUND))
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"
    assert "round 1" in response.json()["detail"]
    assert response.json()["error"]["conflict"]["round"] == 1
    assert response.json()["error"]["conflict"]["stored"] == ROUND
    # A stale client that sends only the first round, the same: agreed, nothing added.
    fewer = post(client_for(other_player), four_round_table, body(ROUND))
    assert fewer.status_code == 200
    assert Submission.objects.get().rounds_entered == 2


def test_an_outsider_cannot_add_a_round(client_for, player, outsider, four_round_table):
    post(client_for(player), four_round_table, body(ROUND))
    response = post(client_for(outsider), four_round_table, body(ROUND, ROUND))
    assert response.status_code == 403
    assert Submission.objects.get().rounds_entered == 1
