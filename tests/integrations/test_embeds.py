"""Embeds: the standings pages made for an <iframe> may be framed by any site, and only
they; they show what everyone may see."""

import pytest

from tournaments.models import Entrant, Event, StandingRow, Visibility

pytestmark = pytest.mark.django_db


@pytest.fixture
def standings(event, player, other_player):
    for rank, person in enumerate((player, other_player), start=1):
        entrant = Entrant.objects.create(event=event, user=person, name=str(person))
        StandingRow.objects.create(
            event=event, entrant=entrant, rank=rank, points=4 - rank, games=1, tiebreaks={}
        )
    return event


def frame_ancestors(response) -> str:
    policy = response["Content-Security-Policy"]
    return next(p.strip() for p in policy.split(";") if p.strip().startswith("frame-ancestors"))


def test_the_event_embed_may_be_framed_and_shows_the_standings(standings, client):
    response = client.get("/integrations/embed/events/autumn-open/")
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert frame_ancestors(response) == "frame-ancestors *"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    text = response.text
    assert text.index("Pat Player") < text.index("Quinn Player")
    assert 'data-push="/push/events/autumn-open/?since=' in text


def test_every_other_page_still_refuses_framing(standings, client):
    for path in ("/events/autumn-open/", "/leagues/tuesday-club/", "/"):
        response = client.get(path)
        assert response["X-Frame-Options"] == "DENY", path
        assert frame_ancestors(response) == "frame-ancestors 'none'", path


def test_the_league_embed_shows_its_leaderboard(standings, client):
    response = client.get("/integrations/embed/leagues/tuesday-club/")
    assert response.status_code == 200 and "X-Frame-Options" not in response
    assert "Pat Player" in response.text and "Leaderboard" in response.text


def test_a_private_event_is_not_embedded_even_for_its_organiser(standings, organiser, client_for):
    Event.objects.filter(pk=standings.pk).update(visibility=Visibility.PRIVATE)
    response = client_for(organiser).get("/integrations/embed/events/autumn-open/")
    assert response.status_code == 403


def test_the_organiser_finds_the_snippet_to_paste(standings, organiser, client_for):
    page = client_for(organiser).get("/integrations/leagues/tuesday-club/hooks/")
    assert "/integrations/embed/leagues/tuesday-club/" in page.text
    assert "data-leaguewright-embed" in page.text and "embed-host.js" in page.text
    assert "/integrations/leagues/tuesday-club/calendar.ics" in page.text
