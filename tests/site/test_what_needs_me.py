"""What needs a person now: their table and seat, an entry to confirm, a dispute, and for
an organiser the tables waiting for them, on the home page, the event page and at
``GET /api/me/todo/``; and the e-mails that tell them, which each person may switch off."""

import pytest
from django.core import mail

from accounts.models import Notice
from accounts.tasks import send_notices
from scoring.deciding import do_dispute_result, do_resolve_dispute
from scoring.entering import do_submit_result
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.entrants import do_add_entrant, do_add_walk_in
from tournaments.pairing import do_pair_round
from tournaments.tasks import notify_round_paired

pytestmark = pytest.mark.django_db
TABLE = Submission.Kind.GLORY_TABLE


@pytest.fixture
def paired(event, organiser, player, other_player, tasks_sent):
    """The personas' event (tables of 2, one round of Call to Glory), paired (the tasks
    it sent kept in ``tasks_sent``)."""
    event.rules_options = {"rounds": 1}
    event.save()
    do_add_entrant(event, user=player)
    do_add_entrant(event, user=other_player)
    round_ = do_pair_round(event, by=organiser)
    return round_.tables.get()


def todo(client_for, user) -> list[dict]:
    response = client_for(user).get("/api/me/todo/")
    assert response.status_code == 200
    return response.json()["items"]


def test_a_player_is_told_their_table_and_seat(client_for, paired, player):
    (item,) = todo(client_for, player)
    seat = paired.seats.get(entrant__user=player).position + 1
    assert item["action"] == "play"
    assert item["table"] == paired.pk
    assert item["event"] == "autumn-open"
    assert item["round"] == 1
    assert f"table 1, seat {seat}" in item["text"]
    assert item["url"] == f"/scoring/tables/{paired.pk}/"


def test_the_other_player_is_asked_to_confirm_and_the_organiser_sees_results_missing(
    client_for, paired, player, other_player, organiser
):
    do_submit_result(paired, TABLE, RULEBOOK_ROUND, player)
    actions = [item["action"] for item in todo(client_for, other_player)]
    assert actions == ["play", "confirm"]
    assert [item["action"] for item in todo(client_for, organiser)] == ["results-missing"]


def test_a_dispute_is_shown_to_the_table_and_to_the_organiser_as_to_settle(
    client_for, paired, player, other_player, organiser
):
    submission = do_submit_result(paired, TABLE, RULEBOOK_ROUND, player)
    do_dispute_result(submission, other_player, "The 16s were mine")
    assert "dispute-raised" in [item["action"] for item in todo(client_for, player)]
    assert [item["action"] for item in todo(client_for, organiser)] == [
        "settle",
        "results-missing",
    ]


def test_an_entry_beside_a_walk_in_is_the_organisers_to_confirm(
    client_for, event, organiser, player
):
    event.rules_options = {"rounds": 1}
    event.save()
    do_add_entrant(event, user=player)
    do_add_walk_in(event, "Wanda Walkin")
    table = do_pair_round(event, by=organiser).tables.get()
    do_submit_result(table, TABLE, {"rounds": [{"scores": [40, 36]}]}, player)
    items = todo(client_for, organiser)
    assert [item["action"] for item in items] == ["confirm-for-table", "results-missing"]
    assert items[0]["table"] == table.pk


def test_an_outsider_has_nothing_and_anonymous_is_refused(client_for, paired, outsider, anonymous):
    assert todo(client_for, outsider) == []
    assert client_for(anonymous).get("/api/me/todo/").status_code == 403


def test_the_home_and_event_pages_link_to_the_table(client_for, paired, player):
    client = client_for(player)
    for path in ("/", "/events/autumn-open/"):
        content = client.get(path).content.decode()
        assert "What needs you now" in content
        assert f'href="/scoring/tables/{paired.pk}/"' in content


def test_pairing_writes_one_notice_per_person_and_the_task_sends_each_once(
    paired, player, other_player, tasks_sent
):
    tasks_sent.run(notify_round_paired)
    notices = Notice.objects.filter(subject="Autumn Open: round 1 is paired")
    assert sorted(n.user.username for n in notices) == ["pat_player", "quinn_player"]
    ids = list(notices.values_list("pk", flat=True))
    assert send_notices(ids) == 2
    assert send_notices(ids) == 0
    assert sorted(message.to[0] for message in mail.outbox) == [
        "pat_player@example.org",
        "quinn_player@example.org",
    ]
    mine = next(m for m in mail.outbox if m.to == ["pat_player@example.org"])
    assert "You play at table 1, seat" in mine.body
    assert f"/scoring/tables/{paired.pk}/" in mine.body


def test_the_entry_to_confirm_and_the_dispute_are_told_to_those_concerned(
    paired, player, other_player, organiser
):
    Notice.objects.all().delete()
    submission = do_submit_result(paired, TABLE, RULEBOOK_ROUND, player)
    (asked,) = Notice.objects.all()
    assert asked.user == other_player and "confirm the result" in asked.subject
    do_dispute_result(submission, other_player, "The 16s were mine")
    told = Notice.objects.filter(subject__contains="is disputed")
    assert sorted(n.user.username for n in told) == ["olivia_organiser", "pat_player"]
    assert "The 16s were mine" in told.first().body
    do_resolve_dispute(submission, organiser, accept=True, reason="the slip says so")
    settled = Notice.objects.filter(subject__contains="is settled")
    assert sorted(n.user.username for n in settled) == ["pat_player", "quinn_player"]


def test_a_person_who_switched_notices_off_and_a_walk_in_get_none(
    client_for, event, organiser, player
):
    client = client_for(player)
    response = client.post(
        "/accounts/profile/", {"display_name": "Pat Player", "email": "pat_player@example.org"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.email_notices is False
    do_add_entrant(event, user=player)
    walk_in = do_add_walk_in(event, "Wanda Walkin")
    walk_in.user.email = "wanda@example.org"
    walk_in.user.save()
    do_pair_round(event, by=organiser)
    assert not Notice.objects.exists()
