"""Judge calls (room.calls): a player calls from the table's page, a judge of the table
claims (the table then shows who is coming), sends it to the head judge or resolves it,
and the time from the claim to the resolution, over a minute, is given to the table as
extra minutes on the round clock with one tap. One call at a time per table, none once
it has its result; every step is in the table's audit log with who took it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from room.models import JudgeCall
from scoring.models import AuditEntry
from scoring.slips import slip_path
from tournaments.entrants import do_add_walk_in
from tournaments.models import EventRole, Result

pytestmark = pytest.mark.django_db
JSON = "application/json"


def call(client, table, reason="Is a tie a draw?"):
    return client.post(f"/room/tables/{table.pk}/call/", {"reason": reason})


def step(client, event, the_call, action):
    return client.post(
        f"/events/{event.slug}/judges/calls/{the_call.pk}/{action}/", {"basis": the_call.basis}
    )


def api_step(client, the_call, action, basis=None):
    body = {"basis": the_call.basis if basis is None else basis}
    return client.post(f"/api/judge-calls/{the_call.pk}/{action}/", body, content_type=JSON)


def judges_page(client, event) -> str:
    return client.get(f"/events/{event.slug}/judges/").content.decode()


def started(table):
    round_ = table.round
    round_.clock_ends_at = timezone.now() + timedelta(minutes=30)
    round_.save()
    return round_


def test_a_call_is_claimed_the_table_sees_who_and_its_paused_minutes_are_given(
    roles, client_for, player, judge, event, table
):
    round_ = started(table)
    assert call(client_for(player), table).status_code == 302
    made = JudgeCall.objects.get()
    assert made.is_open and made.caller == player and made.reason == "Is a tie a draw?"
    judges = client_for(judge).get(f"/events/{event.slug}/judges/").content.decode()
    assert "Table 1, round 1" in judges and "Is a tie a draw?" in judges

    assert step(client_for(judge), event, made, "claim").status_code == 302
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "A judge is coming: Jude Judge." in page

    made.refresh_from_db()
    JudgeCall.objects.filter(pk=made.pk).update(claimed_at=timezone.now() - timedelta(seconds=150))
    step(client_for(judge), event, made, "resolve")
    made.refresh_from_db()
    assert made.is_resolved and made.paused_minutes == 3
    judges = client_for(judge).get(f"/events/{event.slug}/judges/").content.decode()
    assert "Give table 1 3 more minutes" in judges
    step(client_for(judge), event, made, "extra")
    round_.refresh_from_db()
    assert round_.clock_extra == {"1": 3}
    made.refresh_from_db()
    assert made.extra_minutes == 3
    # Given once: the button is gone and a second tap is refused.
    assert (
        "more minutes"
        not in client_for(judge).get(f"/events/{event.slug}/judges/").content.decode()
    )
    step(client_for(judge), event, made, "extra")
    round_.refresh_from_db()
    assert round_.clock_extra == {"1": 3}
    logged = list(
        AuditEntry.objects.filter(table=table).order_by("pk").values_list("action", "actor")
    )
    assert logged == [
        ("judge called", player.pk),
        ("call claimed", judge.pk),
        ("call resolved", judge.pk),
        ("extra minutes", judge.pk),
    ]


def test_a_short_call_offers_no_minutes(roles, client_for, player, judge, event, table):
    call(client_for(player), table)
    made = JudgeCall.objects.get()
    step(client_for(judge), event, made, "claim")
    made.refresh_from_db()
    step(client_for(judge), event, made, "resolve")
    made.refresh_from_db()
    assert made.is_resolved and made.paused_minutes == 0
    assert (
        "more minute" not in client_for(judge).get(f"/events/{event.slug}/judges/").content.decode()
    )


def test_one_open_call_per_table(roles, client_for, player, other_player, table):
    call(client_for(player), table)
    answer = client_for(other_player).post(
        f"/api/tables/{table.pk}/judge-calls/", {"reason": "again"}, content_type=JSON
    )
    assert answer.status_code == 409
    assert "A judge has been called to this table already" in answer.json()["detail"]
    assert JudgeCall.objects.count() == 1


def test_a_table_with_its_result_calls_no_judge(client_for, player, table, organiser):
    from scoring.deciding import do_override_result
    from tests.scoring.conftest import RULEBOOK_ROUND

    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    do_override_result(table, "call-to-glory-table/1", RULEBOOK_ROUND, organiser, "at the desk")
    assert Result.objects.filter(table=table).exists()
    answer = client_for(player).post(f"/api/tables/{table.pk}/judge-calls/", {}, content_type=JSON)
    assert answer.status_code == 409 and "has its result" in answer.json()["detail"]
    assert not JudgeCall.objects.exists()
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "Call a judge" not in page


def test_an_outsider_calls_no_judge_and_a_judge_of_other_tables_does_not_answer(
    roles, client_for, player, outsider, judge, event, table
):
    assert client_for(outsider).post(f"/api/tables/{table.pk}/judge-calls/").status_code == 403
    call(client_for(player), table)
    made = JudgeCall.objects.get()
    EventRole.objects.filter(user=judge).update(tables=[2])
    answer = client_for(judge).post(
        f"/api/judge-calls/{made.pk}/claim/", {"basis": made.basis}, content_type=JSON
    )
    assert answer.status_code == 403
    made.refresh_from_db()
    assert made.is_open


def test_a_call_sent_to_the_head_judge_is_resolved_by_an_organiser_only(
    roles, client_for, player, judge, organiser, event, table
):
    call(client_for(player), table)
    made = JudgeCall.objects.get()
    client = client_for(judge)
    sent = client.post(
        f"/api/judge-calls/{made.pk}/escalate/", {"basis": made.basis}, content_type=JSON
    )
    assert sent.status_code == 200 and sent.json()["status"] == "escalated"
    made.refresh_from_db()
    refused = client.post(
        f"/api/judge-calls/{made.pk}/resolve/", {"basis": made.basis}, content_type=JSON
    )
    assert refused.status_code == 403
    page = client_for(player).get(f"/scoring/tables/{table.pk}/").content.decode()
    assert "has sent the call to the head judge" in page
    listed = client_for(organiser).get(f"/api/events/{event.slug}/judge-calls/").json()
    assert [c["status"] for c in listed] == ["escalated"]
    done = client_for(organiser).post(
        f"/api/judge-calls/{made.pk}/resolve/", {"basis": made.basis}, content_type=JSON
    )
    assert done.status_code == 200 and done.json()["status"] == "resolved"


def test_a_stale_step_is_refused(roles, client_for, player, judge, organiser, table):
    call(client_for(player), table)
    made = JudgeCall.objects.get()
    seen = made.basis
    client_for(organiser).post(
        f"/api/judge-calls/{made.pk}/claim/", {"basis": seen}, content_type=JSON
    )
    answer = client_for(judge).post(
        f"/api/judge-calls/{made.pk}/claim/", {"basis": seen}, content_type=JSON
    )
    assert answer.status_code == 409
    made.refresh_from_db()
    assert made.judge == organiser


def test_the_slip_of_a_walk_ins_table_calls_a_judge(client, event, table, player):
    walk_in = do_add_walk_in(event, "Wanda Walker")
    seat = table.seats.get(position=1)
    seat.entrant = walk_in
    seat.save()
    path = slip_path(table)
    token = path.rstrip("/").split("/")[-1]
    assert client.get(f"/t/{token}/judge/").status_code == 200
    client.post(f"/t/{token}/judge/", {"reason": "A rules question"})
    made = JudgeCall.objects.get()
    assert made.caller == walk_in.user and made.reason == "A rules question"
    assert "A judge has been called" in client.get(f"/t/{token}/judge/").content.decode()


def test_a_reason_too_long_is_refused_and_nothing_is_called(client_for, player, table):
    answer = client_for(player).post(
        f"/api/tables/{table.pk}/judge-calls/", {"reason": "x" * 301}, content_type=JSON
    )
    assert answer.status_code == 400
    assert not JudgeCall.objects.exists()
