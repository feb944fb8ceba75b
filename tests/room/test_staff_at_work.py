"""The writes ask the permission module: a judge settles a dispute and overrides at
their table and nowhere else, calls time (a table's extra minutes only at their
tables); a scorekeeper does neither; each is written with who did it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring.deciding import do_dispute_result
from scoring.entering import do_submit_result
from scoring.models import AuditEntry
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import EventLogEntry, EventRole, Result, Seat, Table

pytestmark = pytest.mark.django_db
JSON = "application/json"


@pytest.fixture
def one_round(table):
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    return table


@pytest.fixture
def disputed(one_round, player, other_player):
    submission = do_submit_result(one_round, "call-to-glory-table/1", RULEBOOK_ROUND, player)
    return do_dispute_result(submission, other_player, "Round 1 was different")


def settle(client, table, submission):
    return client.post(
        f"/api/submissions/{submission.pk}/resolve/",
        {"accept": True, "reason": "Seen at the table", "basis": submission.basis},
        content_type=JSON,
    )


def test_a_judge_of_the_table_settles_its_dispute_and_the_log_names_them(
    roles, client_for, judge, disputed
):
    answer = settle(client_for(judge), disputed.table, disputed)
    assert answer.status_code == 201, answer.content
    assert Result.objects.filter(table=disputed.table).exists()
    assert AuditEntry.objects.filter(action="accepted", actor=judge).exists()


def test_a_scorekeeper_does_not_settle_and_nothing_changes(
    roles, client_for, scorekeeper, disputed
):
    assert settle(client_for(scorekeeper), disputed.table, disputed).status_code == 403
    assert not Result.objects.exists()


def test_a_judge_of_other_tables_does_not_settle_this_one(roles, client_for, judge, disputed):
    EventRole.objects.filter(user=judge).update(tables=[2, 3])
    assert settle(client_for(judge), disputed.table, disputed).status_code == 403
    assert not Result.objects.exists()


def test_a_judge_overrides_on_the_tables_page_of_their_table(roles, client_for, judge, one_round):
    answer = client_for(judge).post(
        f"/api/tables/{one_round.pk}/override/",
        {"kind": "call-to-glory-table/1", "entry": RULEBOOK_ROUND, "reason": "Judge's ruling"},
        content_type=JSON,
    )
    assert answer.status_code == 201, answer.content
    assert AuditEntry.objects.get(action="overridden").actor == judge


def started(table):
    round_ = table.round
    round_.clock_ends_at = timezone.now() + timedelta(minutes=30)
    round_.save()
    Table.objects.create(round=round_, number=2)
    for position, seat in enumerate(table.seats.all()):
        Seat.objects.create(
            table=round_.tables.get(number=2), entrant=seat.entrant, position=position
        )
    return round_


def test_a_judge_calls_time_and_gives_their_table_extra_minutes_not_another(
    roles, client_for, judge, table
):
    round_ = started(table)
    url = f"/api/events/{round_.event.slug}/rounds/1/clock/"
    client = client_for(judge)
    assert (
        client.post(
            url, {"action": "extend", "minutes": 3, "table": 1}, content_type=JSON
        ).status_code
        == 200
    )
    refused = client.post(url, {"action": "extend", "minutes": 3, "table": 2}, content_type=JSON)
    assert refused.status_code == 403
    assert client.post(url, {"action": "pause"}, content_type=JSON).status_code == 200
    round_.refresh_from_db()
    assert round_.clock_extra == {"1": 3} and round_.clock_paused_at is not None
    logged = EventLogEntry.objects.filter(action="round clock", actor=judge)
    assert logged.count() == 2


def test_a_scorekeeper_does_not_call_time(roles, client_for, scorekeeper, table):
    round_ = started(table)
    url = f"/api/events/{round_.event.slug}/rounds/1/clock/"
    refused = client_for(scorekeeper).post(url, {"action": "pause"}, content_type=JSON)
    assert refused.status_code == 403
    round_.refresh_from_db()
    assert round_.clock_paused_at is None


def test_each_role_opens_its_own_pages_only(roles, client_for, judge, scorekeeper, player, event):
    pages = {"judges": f"/events/{event.slug}/judges/", "desk": f"/events/{event.slug}/fast-desk/"}
    expected = {
        (judge, "judges"): 200,
        (judge, "desk"): 403,
        (scorekeeper, "judges"): 403,
        (scorekeeper, "desk"): 200,
        (player, "judges"): 403,
        (player, "desk"): 403,
    }
    for (who, page), status in expected.items():
        assert client_for(who).get(pages[page]).status_code == status, (who, page)
    assert client_for(judge).get(f"/events/{event.slug}/staff/").status_code == 403


def test_the_judges_page_calls_time_and_comes_back(roles, client_for, judge, table):
    round_ = started(table)
    client = client_for(judge)
    page = client.get(f"/events/{round_.event.slug}/judges/").content.decode()
    assert "Pause the clock" in page
    assert "table 1 only" in page and "table 2 only" not in page  # the judge holds table 1
    answer = client.post(
        f"/events/{round_.event.slug}/rounds/1/clock/",
        {
            "action": "pause",
            "revision": round_.clock_revision,
            "next": "/events/autumn-open/judges/",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/events/autumn-open/judges/"
    round_.refresh_from_db()
    assert round_.clock_paused_at is not None
    elsewhere = client.post(
        f"/events/{round_.event.slug}/rounds/1/clock/",
        {"action": "resume", "next": "https://elsewhere.example/"},
    )
    assert elsewhere["Location"] == "/events/autumn-open/rounds/1/"
