"""An organiser names the room's staff by name on the event's staff page: a judge with
their tables ("1-3, 5", or blank for all), a scorekeeper, and (the event's creator
only) a co-organiser; the event page shows them; each change is in the event's log
with who made it; bad input is refused with its reason and changes nothing."""

import pytest

from tournaments.models import EventLogEntry, EventRole

pytestmark = pytest.mark.django_db


def name(client, event, username, role, tables=""):
    return client.post(
        f"/events/{event.slug}/staff/", {"username": username, "role": role, "tables": tables}
    )


def test_the_organiser_names_a_judge_of_some_tables_and_the_event_page_shows_them(
    client_for, organiser, judge, event
):
    answer = name(client_for(organiser), event, judge.username, "judge", "1-3, 5")
    assert answer.status_code == 302
    role = EventRole.objects.get(event=event, user=judge)
    assert role.role == "judge" and role.tables == [1, 2, 3, 5]
    logged = EventLogEntry.objects.get(action="role given")
    assert logged.actor == organiser and logged.detail["user"] == judge.username
    page = client_for(None).get(f"/events/{event.slug}/").content.decode()
    assert "Judges" in page and "Jude Judge" in page and "tables 1, 2, 3, 5" in page


def test_a_scorekeeper_is_named_and_removed_and_both_are_logged(
    client_for, organiser, scorekeeper, event
):
    client = client_for(organiser)
    assert name(client, event, scorekeeper.username, "scorekeeper").status_code == 302
    role = EventRole.objects.get(user=scorekeeper)
    assert role.tables == []
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Scorekeepers" in page and "Sam Scorekeeper" in page
    client.post(f"/events/{event.slug}/staff/{role.pk}/remove/")
    assert not EventRole.objects.exists()
    assert EventLogEntry.objects.filter(action="role taken", actor=organiser).exists()


@pytest.mark.parametrize(
    ("username", "role", "tables", "said"),
    [
        ("nobody_here", "judge", "", "Nobody active is called nobody_here."),
        ("jude_judge", "judge", "3-1", "Give table numbers from 1 to 500"),
        ("jude_judge", "judge", "one", "Give table numbers from 1 to 500"),
        ("jude_judge", "head", "", "Select a valid choice"),
        ("olivia_organiser", "judge", "", "organises this event already"),
    ],
)
def test_bad_input_is_refused_with_its_reason_and_nothing_changes(
    client_for, organiser, judge, event, username, role, tables, said
):
    answer = name(client_for(organiser), event, username, role, tables)
    assert answer.status_code == 400
    assert said in answer.content.decode()
    assert not EventRole.objects.exists()
    assert not EventLogEntry.objects.filter(action="role given").exists()


def test_one_role_each(client_for, organiser, judge, event):
    client = client_for(organiser)
    name(client, event, judge.username, "judge")
    answer = name(client, event, judge.username, "scorekeeper")
    assert "has a role in this event already" in answer.content.decode()
    assert EventRole.objects.get(user=judge).role == "judge"


def test_only_the_creator_names_a_co_organiser(
    client_for, organiser, judge, outsider, player, event
):
    event.organisers.add(outsider)
    refused = name(client_for(outsider), event, judge.username, "co-organiser")
    assert "Select a valid choice" in refused.content.decode()
    assert not event.organisers.filter(pk=judge.pk).exists()
    assert name(client_for(organiser), event, judge.username, "co-organiser").status_code == 302
    assert event.organisers.filter(pk=judge.pk).exists()
    # A co-organiser names judges and scorekeepers all the same.
    assert name(client_for(outsider), event, player.username, "scorekeeper").status_code == 302


def test_nobody_else_names_staff(client_for, judge, player, event):
    for who in (judge, player):
        assert name(client_for(who), event, judge.username, "judge").status_code == 403
    assert not EventRole.objects.exists()
