"""The fast desk's writes (room.desk, scoring.desk_entry) over its API: a scorekeeper's
result is the table's official result at once, audited as a desk entry with who typed
it; "X of Y reported" and the tables missing follow; a table that has its result, or
an entry of its players the desk did not show, is refused (409) and nothing changes; a
players' entry is shown to confirm, and confirmed from the desk."""

import pytest

from scoring.entering import do_submit_result
from scoring.models import AuditEntry, Submission
from tournaments.models import EventRole, Result

pytestmark = pytest.mark.django_db
JSON = "application/json"


@pytest.fixture
def keeper(event, scorekeeper, organiser):
    EventRole.objects.create(event=event, user=scorekeeper, role="scorekeeper", named_by=organiser)
    return scorekeeper


def enter(client, event, number, values, basis=""):
    body = {"table": number, "values": values, "basis": basis}
    return client.post(f"/api/events/{event.slug}/desk/entries/", body, content_type=JSON)


def places_of(round_, number) -> list[int]:
    result = Result.objects.get(table__round=round_, table__number=number)
    return [seat.place for seat in result.seats.order_by("position")]


def test_a_desk_entry_is_the_result_at_once_and_the_count_follows(
    client_for, keeper, race_round, event
):
    client = client_for(keeper)
    before = client.get(f"/api/events/{event.slug}/desk/").json()
    assert (before["reported"], before["total"], before["kind"]) == (0, 8, "places/1")
    answer = enter(client, event, 5, [2, 1, 4, 3])
    assert answer.status_code == 201, answer.content
    state = answer.json()
    assert (state["reported"], state["total"]) == (1, 8)
    assert state["missing"] == [1, 2, 3, 4, 6, 7, 8]
    assert places_of(race_round, 5) == [2, 1, 4, 3]
    audited = AuditEntry.objects.get(action="desk entry")
    assert audited.actor == keeper and audited.table.number == 5
    assert Submission.objects.get().status == "confirmed"


def test_a_table_with_its_result_is_not_entered_again(client_for, keeper, race_round, event):
    client = client_for(keeper)
    enter(client, event, 5, [2, 1, 4, 3])
    again = enter(client, event, 5, [1, 2, 3, 4])
    assert again.status_code == 409 and "has its result already" in again.json()["detail"]
    assert places_of(race_round, 5) == [2, 1, 4, 3]
    assert AuditEntry.objects.count() == 1


@pytest.mark.parametrize(
    ("values", "status"),
    [([1, 2, 3], 400), ([1, 2, 3, 9], 400), ([1, None, 2, 3], 400), ([1, 1, 1, 1], 201)],
)
def test_bad_places_are_refused_and_nothing_is_written(
    client_for, keeper, race_round, event, values, status
):
    answer = enter(client_for(keeper), event, 2, values)
    assert answer.status_code == status, answer.content
    assert Result.objects.exists() == (status == 201)


def test_an_unknown_table_is_a_404(client_for, keeper, race_round, event):
    assert enter(client_for(keeper), event, 9, [1, 2, 3, 4]).status_code == 404


def test_the_players_entry_is_shown_to_confirm_not_overwritten(
    client_for, keeper, race_round, event, player, other_player
):
    table = race_round.tables.get(number=3)
    for position, person in ((0, player), (1, other_player)):
        entrant = table.seats.get(position=position).entrant
        entrant.user = person
        entrant.save()
    entered = do_submit_result(table, "places/1", {"places": [1, 2, 3, 4]}, player)
    client = client_for(keeper)
    shown = next(
        t
        for t in client.get(f"/api/events/{event.slug}/desk/").json()["tables"]
        if t["number"] == 3
    )
    assert shown["waiting"] == [1, 2, 3, 4] and shown["basis"] == entered.basis
    assert shown["waiting_by"] == "Pat Player"
    refused = enter(client, event, 3, [4, 3, 2, 1])
    assert refused.status_code == 409
    assert not Result.objects.exists()
    confirmed = client.post(
        f"/api/events/{event.slug}/desk/confirmations/",
        {"table": 3, "basis": entered.basis},
        content_type=JSON,
    )
    assert confirmed.status_code == 200, confirmed.content
    assert places_of(race_round, 3) == [1, 2, 3, 4]
    assert AuditEntry.objects.filter(action="desk confirmed", actor=keeper).exists()


def test_a_judge_or_player_has_no_desk(client_for, roles, judge, player, race_round, event):
    for who in (judge, player):
        assert enter(client_for(who), event, 1, [1, 2, 3, 4]).status_code == 403
    assert not Result.objects.exists()
