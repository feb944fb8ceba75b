"""The stream view (room.stream): an organiser switches it on from the staff page, its
public link shows the round's clock and the standings' top, or a chosen table; switched
off, the link shows nothing (404) and its stream is refused; each switch is logged."""

import pytest

from room.models import StreamLink
from tournaments.models import EventLogEntry, StandingRow

pytestmark = pytest.mark.django_db


def switch(client, event, on: bool, table=""):
    return client.post(f"/events/{event.slug}/stream/", {"on": "1" if on else "0", "table": table})


def test_the_organiser_switches_it_on_and_anyone_with_the_link_sees_it(
    client_for, organiser, table, event, player
):
    entrant = table.seats.get(position=0).entrant
    StandingRow.objects.create(event=event, entrant=entrant, rank=1, points=3, games=1)
    switch(client_for(organiser), event, True)
    link = StreamLink.objects.get()
    page = client_for(None).get(f"/stream/{link.token}/").content.decode()
    assert "Standings" in page and entrant.name in page
    assert "site-header" not in page and "<nav" not in page  # no navigation
    switch(client_for(organiser), event, True, table="1")
    page = client_for(None).get(f"/stream/{link.token}/?size=720&transparent=1").content.decode()
    assert "Table 1 · playing" in page and "Pat Player" in page and "Quinn Player" in page
    assert 'class="stream transparent small"' in page
    assert EventLogEntry.objects.filter(action="stream on", actor=organiser).count() == 2


def test_switched_off_the_link_shows_nothing(client_for, organiser, event):
    switch(client_for(organiser), event, True)
    link = StreamLink.objects.get()
    switch(client_for(organiser), event, False)
    assert client_for(None).get(f"/stream/{link.token}/").status_code == 404
    assert client_for(None).get(f"/push/room/stream/{link.token}/").status_code == 404
    assert EventLogEntry.objects.filter(action="stream off").exists()


def test_nobody_else_switches_it(client_for, judge, roles, player, event):
    for who in (judge, player):
        assert switch(client_for(who), event, True).status_code == 403
    assert not StreamLink.objects.exists()


def test_a_bad_table_number_is_refused_and_nothing_changes(client_for, organiser, event):
    answer = client_for(organiser).post(
        f"/events/{event.slug}/stream/", {"on": "1", "table": "two"}, follow=True
    )
    assert "Give a table" in answer.content.decode()
    assert not StreamLink.objects.exists()
