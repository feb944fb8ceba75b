import pytest

from tournaments import permissions
from tournaments.models import StandingRow

pytestmark = pytest.mark.django_db


def test_the_organiser_of_an_event_may_organise_it(organiser, event):
    assert permissions.is_event_organiser(organiser, event)


def test_an_organiser_of_the_league_may_organise_its_events(league, event, outsider):
    league.organisers.add(outsider)
    assert permissions.is_event_organiser(outsider, event)


def test_staff_may_organise_any_event(staff, event):
    assert permissions.is_event_organiser(staff, event)


def test_an_outsider_and_a_player_may_not_organise(outsider, player, anonymous, table):
    event = table.round.event
    assert not permissions.is_event_organiser(outsider, event)
    assert not permissions.is_event_organiser(player, event)
    assert not permissions.is_event_organiser(anonymous, event)


def test_players_of_a_table_are_known_and_outsiders_are_not(player, other_player, outsider, table):
    assert permissions.is_player_of_table(player, table)
    assert permissions.is_player_of_table(other_player, table)
    assert not permissions.is_player_of_table(outsider, table)


def test_only_the_creator_or_staff_grants_organisers(organiser, outsider, staff, event, league):
    event.organisers.add(outsider)
    assert permissions.can_grant_organiser(organiser, event)
    assert permissions.can_grant_organiser(staff, league)
    assert not permissions.can_grant_organiser(outsider, event)


def test_a_private_event_is_hidden_from_outsiders(client_for, outsider, player, table):
    event = table.round.event
    event.visibility = "private"
    event.save()
    assert client_for(outsider).get(f"/events/{event.slug}/").status_code == 403
    assert client_for(player).get(f"/events/{event.slug}/").status_code == 200


def test_an_outsider_cannot_recompute_standings_and_nothing_changes(client_for, outsider, event):
    response = client_for(outsider).post(f"/events/{event.slug}/standings/recompute/")
    assert response.status_code == 403
    assert b"You may not do that" in response.content
    assert not StandingRow.objects.exists()


def test_an_anonymous_visitor_is_sent_to_log_in(client, event):
    response = client.post(f"/events/{event.slug}/standings/recompute/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
