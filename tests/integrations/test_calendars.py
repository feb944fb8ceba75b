"""Calendar feeds read back by a real iCal parser (``icalendar``): a league's public
events, and a person's events and turn deadlines behind a token they can reset."""

from datetime import UTC, datetime, timedelta

import pytest
from icalendar import Calendar

from integrations.models import CalendarToken
from play.models import Game
from tournaments.models import Entrant, Event, League, Round, Visibility

pytestmark = pytest.mark.django_db

STARTS = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)


def entries(response) -> dict[str, object]:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    feed = Calendar.from_ical(response.content)
    return {str(item["SUMMARY"]): item for item in feed.walk("VEVENT")}


def test_the_league_feed_lists_its_public_events_and_running_rounds(event, client):
    Event.objects.filter(pk=event.pk).update(
        starts_at=STARTS, round_minutes=50, registration_closes=STARTS - timedelta(days=1)
    )
    ends = STARTS + timedelta(minutes=50)
    Round.objects.create(event=event, number=1, clock_ends_at=ends)
    Round.objects.create(event=event, number=2, draft=True)
    hidden = Event.objects.create(
        season=event.season,
        name="Secret Cup",
        slug="secret-cup",
        created_by=event.created_by,
        visibility=Visibility.UNLISTED,
        starts_at=STARTS,
    )
    found = entries(client.get("/integrations/leagues/tuesday-club/calendar.ics"))
    assert set(found) == {
        "Autumn Open",
        "Autumn Open: registration closes",
        "Autumn Open: round 1",
    }
    opening = found["Autumn Open"]
    assert opening.decoded("DTSTART") == STARTS
    assert opening.decoded("DTEND") == STARTS + timedelta(minutes=150)
    assert str(opening["URL"]).endswith("/events/autumn-open/")
    assert found["Autumn Open: round 1"].decoded("DTEND") == ends
    assert hidden.name not in found


def test_a_private_league_has_no_public_feed(organiser, client):
    League.objects.create(
        name="Closed", slug="closed", created_by=organiser, visibility=Visibility.PRIVATE
    )
    assert client.get("/integrations/leagues/closed/calendar.ics").status_code == 403


def test_a_person_feed_lists_their_events_and_turns_and_its_address_can_be_reset(
    event, player, other_player, client_for
):
    Event.objects.filter(pk=event.pk).update(starts_at=STARTS)
    Entrant.objects.create(event=event, user=player, name=str(player))
    client = client_for(player)
    started = client.post(
        "/api/play/",
        {
            "game": "call-to-glory",
            "options": {"rounds": 1},
            "seats": [{"username": player.username}, {"username": other_player.username}],
            "pace": "correspondence",
        },
        content_type="application/json",
    )
    assert started.status_code == 201, started.content
    game = Game.objects.get(pk=started.json()["id"])
    page = client.get("/integrations/calendar/")
    token = CalendarToken.objects.get(user=player).token
    assert token in page.text
    feed = f"/integrations/calendar/{token}.ics"
    client.logout()
    found = entries(client.get(feed))
    assert found["Autumn Open"].decoded("DTSTART") == STARTS
    assert "Your move is due" not in found or game.seats.get(user=player).position == game.to_move
    mover = game.seats.get(position=game.to_move).user
    waiting = other_player if mover == player else player
    for person, listed in ((mover, True), (waiting, False)):
        token_of_person = CalendarToken.objects.get_or_create(user=person)[0].token
        theirs = entries(client.get(f"/integrations/calendar/{token_of_person}.ics"))
        assert ("Your move is due" in theirs) is listed
        if listed:
            due = theirs["Your move is due"].decoded("DTSTART")
            assert due == game.deadline.replace(microsecond=0)
            assert str(theirs["Your move is due"]["URL"]).endswith(f"/play/{game.pk}/")
    client_for(player).post("/integrations/calendar/reset/")
    assert client.get(feed).status_code == 404
    fresh = CalendarToken.objects.get(user=player).token
    assert fresh != token and client.get(f"/integrations/calendar/{fresh}.ics").status_code == 200


def test_the_person_feed_speaks_their_language(event, player, client):
    player.language = "de"
    player.save()
    Event.objects.filter(pk=event.pk).update(registration_closes=STARTS)
    Entrant.objects.create(event=event, user=player, name=str(player))
    token = CalendarToken.objects.create(user=player).token
    found = entries(client.get(f"/integrations/calendar/{token}.ics"))
    assert "Autumn Open: Anmeldeschluss" in found


def test_the_calendar_page_and_its_reset_want_a_signed_in_person(client):
    assert client.get("/integrations/calendar/").status_code == 302
    assert client.post("/integrations/calendar/reset/").status_code == 302
    assert not CalendarToken.objects.exists()
