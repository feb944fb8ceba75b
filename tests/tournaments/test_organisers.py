"""Naming and removing an event's organisers, and the event's log of who ran what: each
grant, revoke, pairing and swap names its actor."""

import pytest
from django.core.exceptions import PermissionDenied

from lib.refusal import Refusal
from tests.tournaments.helpers import make_event
from tournaments.models import EventLogEntry, Seat
from tournaments.organisers import do_grant_organiser, do_revoke_organiser
from tournaments.pairing import do_pair_round, do_swap_seats

pytestmark = pytest.mark.django_db
Action = EventLogEntry.Action


def actions(event) -> list[tuple[str, str | None]]:
    entries = event.log_entries.order_by("pk").select_related("actor")
    return [(entry.action, entry.actor.username if entry.actor else None) for entry in entries]


def test_the_creator_grants_and_revokes_and_each_is_logged(league, organiser, outsider):
    event = make_event(league, organiser)
    do_grant_organiser(event, outsider, by=organiser)
    assert event.organisers.filter(pk=outsider.pk).exists()
    with pytest.raises(Refusal, match="already organises"):
        do_grant_organiser(event, outsider, by=organiser)
    do_revoke_organiser(event, outsider, by=organiser)
    assert not event.organisers.filter(pk=outsider.pk).exists()
    assert actions(event) == [
        (Action.ORGANISER_GRANTED, organiser.username),
        (Action.ORGANISER_REVOKED, organiser.username),
    ]
    assert event.log_entries.first().detail == {"user": outsider.username}


def test_another_organiser_may_not_hand_the_event_on_and_nothing_is_logged(
    league, organiser, other_player, outsider
):
    event = make_event(league, organiser)
    event.organisers.add(other_player)
    with pytest.raises(PermissionDenied):
        do_grant_organiser(event, outsider, by=other_player)
    with pytest.raises(PermissionDenied):
        do_revoke_organiser(event, other_player, by=other_player)
    with pytest.raises(Refusal, match="creator"):
        do_revoke_organiser(event, organiser, by=organiser)
    assert not event.organisers.filter(pk=outsider.pk).exists()
    assert not event.log_entries.exists()


def test_the_remove_button_revokes_through_the_page(league, organiser, outsider, client_for):
    event = make_event(league, organiser)
    do_grant_organiser(event, outsider, by=organiser)
    do_grant_organiser(event, organiser, by=organiser)  # named too: still not removable
    page = client_for(organiser).get(f"/events/{event.slug}/entrants/").content.decode()
    assert f"Remove {outsider}" in page
    assert f"Remove {organiser}" not in page  # the creator always organises
    theirs = client_for(outsider).get(f"/events/{event.slug}/entrants/").content.decode()
    assert "Remove " not in theirs  # another organiser names nobody
    url = f"/events/{event.slug}/organisers/{outsider.pk}/remove/"
    assert client_for(outsider).post(url).status_code == 403  # an organiser, not the creator
    assert event.organisers.filter(pk=outsider.pk).exists()
    assert client_for(organiser).post(url).status_code == 302
    assert not event.organisers.filter(pk=outsider.pk).exists()


def test_who_paired_and_who_swapped_is_in_the_log(league, organiser):
    event = make_event(league, organiser, players=8)
    round_ = do_pair_round(event, by=organiser)
    first, second = Seat.objects.filter(table__round=round_).order_by("pk")[:2]
    do_swap_seats(round_, first.pk, second.pk, by=organiser)
    do_pair_round(event, override_reason="a command, no one logged in")
    assert actions(event) == [
        (Action.PAIRED, organiser.username),
        (Action.SWAPPED, organiser.username),
        (Action.PAIRED, None),
    ]


def test_a_league_organiser_finds_the_leagues_private_events_listed(
    league, organiser, outsider, client_for
):
    event = make_event(league, organiser, slug="members-only")
    event.visibility = "private"
    event.save()
    assert "Members-Only" not in client_for(outsider).get("/").content.decode()
    league.organisers.add(outsider)
    assert "Members-Only" in client_for(outsider).get("/").content.decode()
