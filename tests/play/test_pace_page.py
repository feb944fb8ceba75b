"""The organiser's page for an event's pace of play: only the event's organisers (and
staff) reach it, the event page links to it, it says the pace in words, and it checks
what it is given as the API does (check_clock), saving nothing it refuses."""

import pytest

from play.models import EventPlay

pytestmark = pytest.mark.django_db

LIVE_DEFAULT = (
    "Live: 60 seconds a move. "
    "Past it the Greedy bot plays that turn for them; they forfeit after 3 timeouts."
)


def url_of(event) -> str:
    return f"/play/events/{event.slug}/pace/"


def form(**changes) -> dict:
    return {
        "pace": "correspondence",
        "move_seconds": "3",
        "unit": str(24 * 3600),
        "past_the_time": "forfeit",
        "forfeit_after": "2",
        "stand_in": "medium",
        **changes,
    }


def test_only_the_events_organisers_and_staff_reach_the_pace_page(
    client, client_for, event, organiser, player, staff
):
    assert client.get(url_of(event)).status_code == 302  # to the log-in page
    assert client_for(player).get(url_of(event)).status_code == 403
    assert client_for(player).post(url_of(event), form()).status_code == 403
    assert not EventPlay.objects.exists()
    assert url_of(event) not in client_for(player).get(f"/events/{event.slug}/").content.decode()

    event_page = client_for(organiser).get(f"/events/{event.slug}/").content.decode()
    assert url_of(event) in event_page
    page = client_for(organiser).get(url_of(event)).content.decode()
    assert LIVE_DEFAULT in page
    assert client_for(staff).get(url_of(event)).status_code == 200


def test_the_pace_page_saves_a_correspondence_pace_in_days(client_for, event, organiser):
    client = client_for(organiser)
    response = client.post(url_of(event), form(), follow=True)
    assert response.redirect_chain[-1][0] == f"/events/{event.slug}/"
    assert "By correspondence: 3 days a move." in response.content.decode()
    assert "they forfeit after 2 timeouts" in response.content.decode()
    settings = EventPlay.objects.get(event=event)
    assert (settings.pace, settings.move_seconds, settings.forfeit_after, settings.stand_in) == (
        "correspondence",
        3 * 24 * 3600,
        2,
        "medium",
    )
    assert client.get(f"/api/events/{event.slug}/play/").json() == {
        "pace": "correspondence",
        "move_seconds": 259200,
        "forfeit_after": 2,
        "stand_in": "medium",
    }
    again = client.get(url_of(event)).content.decode()
    assert 'name="move_seconds" value="3"' in again


def test_the_bot_every_time_means_no_forfeit(client_for, event, organiser):
    body = form(
        pace="live",
        move_seconds="90",
        unit="1",
        past_the_time="move",
        forfeit_after="",
        stand_in="greedy",
    )
    assert client_for(organiser).post(url_of(event), body).status_code == 302
    settings = EventPlay.objects.get(event=event)
    assert (settings.pace, settings.move_seconds, settings.forfeit_after) == ("live", 90, 0)
    page = client_for(organiser).get(url_of(event)).content.decode()
    assert (
        "Live: 90 seconds a move. Past it the Greedy bot plays that turn for them; they never "
        "forfeit." in page
    )


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"move_seconds": "5", "unit": "1"}, "move_seconds", "from 10 seconds to 14 days"),
        ({"move_seconds": "15"}, "move_seconds", "from 10 seconds to 14 days"),
        ({"forfeit_after": "21"}, "forfeit_after", "from 0 (never) to 20"),
        ({"forfeit_after": ""}, "forfeit_after", "from 0 (never) to 20"),
    ],
)
def test_the_pace_page_refuses_what_the_api_refuses(
    client_for, event, organiser, changes, field, words
):
    client = client_for(organiser)
    response = client.post(url_of(event), form(**changes))
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [field] and words in errors[field][0]
    assert not EventPlay.objects.exists()
    api = client.put(
        f"/api/events/{event.slug}/play/",
        {"pace": "live", "move_seconds": 5, "forfeit_after": 3},
        content_type="application/json",
    )
    assert api.status_code == 400 and "from 10 seconds to 14 days" in api.json()["detail"]


def test_an_event_of_a_game_not_played_on_the_site_has_no_pace(client_for, event, organiser):
    event.game = "call-to-adventure"
    event.save()
    client = client_for(organiser)
    assert url_of(event) not in client.get(f"/events/{event.slug}/").content.decode()
    response = client.post(url_of(event), form())
    assert "cannot be played on the site" in response.content.decode()
    assert not EventPlay.objects.exists()
