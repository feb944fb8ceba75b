"""Check-in over the API: a player checks in only themself, an organiser anyone; round
1 with people missing is a 409 naming them, unless the no-shows are dropped (logged,
the checked-in waitlist moves up) or a reason is given."""

from datetime import timedelta

import pytest
from django.utils import timezone

from standings.computing import do_store_standings
from tests.tournaments.helpers import api
from tournaments.check_in import do_drop_no_shows, no_shows
from tournaments.models import Entrant, Event, EventLogEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def checking_in(event, player, other_player, outsider):
    """Check-in on, two places: player and other_player entered, outsider waiting."""
    Event.objects.filter(pk=event.pk).update(check_in=True, capacity=2, registration="open")
    event.refresh_from_db()
    for user in (player, other_player, outsider):
        api(user).post(f"/api/events/{event.slug}/register/")
    return event


def check_in(user, event, **body):
    return api(user).post(f"/api/events/{event.slug}/check-in/", body, format="json")


def test_the_registration_e_mail_links_to_the_check_in(checking_in, player):
    from accounts.models import Notice

    body = Notice.objects.get(user=player).body
    assert f"/events/{checking_in.slug}/#check-in" in body


def test_a_player_checks_in_only_themself(checking_in, player, other_player, outsider):
    answer = check_in(player, checking_in)
    assert answer.status_code == 200 and answer.json()["checked_in_at"]
    theirs = checking_in.entrants.get(user=other_player)
    assert check_in(player, checking_in, entrant=theirs.pk).status_code == 403
    assert api().post(f"/api/events/{checking_in.slug}/check-in/").status_code in (401, 403)
    assert not Entrant.objects.get(pk=theirs.pk).is_checked_in
    assert check_in(outsider, checking_in).status_code == 200  # the waitlist checks in too


def test_an_organiser_checks_anyone_in_and_it_is_logged(checking_in, organiser, other_player):
    theirs = checking_in.entrants.get(user=other_player)
    assert check_in(organiser, checking_in, entrant=theirs.pk).status_code == 200
    assert Entrant.objects.get(pk=theirs.pk).is_checked_in
    entry = EventLogEntry.objects.get(event=checking_in, action=EventLogEntry.Action.CHECKED_IN)
    assert entry.detail == {"entrant": theirs.name}


def test_check_in_waits_for_its_time(event, player):
    starts = timezone.now() + timedelta(hours=3)
    Event.objects.filter(pk=event.pk).update(check_in=True, starts_at=starts, check_in_opens=30)
    Entrant.objects.create(event=event, user=player, name="Pat")
    refused = check_in(player, event)
    assert refused.status_code == 409 and "Check-in opens" in refused.json()["detail"]
    Event.objects.filter(pk=event.pk).update(check_in_opens=240)
    assert check_in(player, event).status_code == 200


def test_pairing_round_1_names_who_is_missing(checking_in, organiser, player, other_player):
    check_in(player, checking_in)
    refused = api(organiser).post(f"/api/events/{checking_in.slug}/pair/", {}, format="json")
    assert refused.status_code == 409
    assert "Not checked in: Quinn Player" in refused.json()["detail"]
    assert not checking_in.rounds.exists()
    player_tries = api(player).post(
        f"/api/events/{checking_in.slug}/pair/", {"drop_no_shows": True}, format="json"
    )
    assert player_tries.status_code == 403


def test_dropping_the_no_shows_promotes_the_checked_in_waitlist_and_pairs(
    checking_in, organiser, player, other_player, outsider
):
    check_in(player, checking_in)
    check_in(outsider, checking_in)
    paired = api(organiser).post(
        f"/api/events/{checking_in.slug}/pair/", {"drop_no_shows": True}, format="json"
    )
    assert paired.status_code == 201, paired.json()
    seated = {seat["entrant"] for table in paired.json()["tables"] for seat in table["seats"]}
    assert seated == {"Pat Player", "Oscar Outsider"}
    no_show = checking_in.entrants.get(user=other_player)
    assert no_show.is_no_show and no_show.dropped_after_round == 0  # listed, not deleted
    dropped = EventLogEntry.objects.get(
        event=checking_in, action=EventLogEntry.Action.NO_SHOWS_DROPPED
    )
    assert dropped.detail["entrants"] == ["Quinn Player"]
    assert EventLogEntry.objects.filter(
        event=checking_in, action=EventLogEntry.Action.PROMOTED
    ).exists()


def test_a_reason_pairs_round_1_with_the_no_shows(checking_in, organiser, player):
    check_in(player, checking_in)
    paired = api(organiser).post(
        f"/api/events/{checking_in.slug}/pair/",
        {"override_reason": "Quinn phoned: on the way"},
        format="json",
    )
    assert paired.status_code == 201
    assert paired.json()["override_reason"] == "Quinn phoned: on the way"
    assert check_in(player, checking_in).status_code == 409  # round 1 is under way


def test_the_organiser_sees_who_is_missing_and_checks_them_in_from_the_entrants_page(
    checking_in, organiser, other_player, client_for
):
    client = client_for(organiser)
    page = client.get(f"/events/{checking_in.slug}/entrants/").content.decode()
    assert "not checked in: Pat Player, Quinn Player" in page
    theirs = checking_in.entrants.get(user=other_player)
    client.post(f"/events/{checking_in.slug}/entrants/{theirs.pk}/check-in/")
    assert Entrant.objects.get(pk=theirs.pk).is_checked_in


def standings_names(page: str) -> str:
    """The event page's standings table, where it lists the entrants."""
    return page.split('<table class="standings">')[1].split("</table>")[0]


def test_after_dropping_the_no_shows_every_page_shows_who_is_in_and_who_did_not_come(
    checking_in, organiser, player, other_player, outsider, client_for
):
    """The event page's standings are drawn once per page version: the drop and the
    waitlist moving up once left them as they were (the no-show listed, the promoted
    missing) until a result came."""
    check_in(player, checking_in)
    check_in(outsider, checking_in)
    do_store_standings(checking_in)
    client = client_for(organiser)
    before = standings_names(client.get(f"/events/{checking_in.slug}/").content.decode())
    assert "Quinn Player" in before and "Oscar Outsider" not in before
    dropped = client.post(f"/events/{checking_in.slug}/no-shows/drop/", follow=True)
    assert "Dropped, not checked in: Quinn Player." in dropped.content.decode()
    for reader in (organiser, player, outsider, None):
        page = client_for(reader).get(f"/events/{checking_in.slug}/").content.decode()
        assert "have not checked in" not in page
        listed = standings_names(page)
        assert "Oscar Outsider" in listed and "Pat Player" in listed
        assert "Quinn Player" not in listed  # never played: nothing to rank
    entrants = client_for(organiser).get(f"/events/{checking_in.slug}/entrants/")
    assert "Missing" not in entrants.content.decode()
    theirs = client_for(other_player).get(f"/events/{checking_in.slug}/").content.decode()
    assert "You did not check in, so you were dropped from this event" in theirs


def test_the_no_shows_stay_listed_as_not_checked_in(
    checking_in, organiser, player, other_player, outsider, client_for
):
    check_in(player, checking_in)
    check_in(outsider, checking_in)
    client_for(organiser).post(f"/events/{checking_in.slug}/no-shows/drop/")
    quinn = checking_in.entrants.get(user=other_player)
    page = client_for(organiser).get(f"/events/{checking_in.slug}/entrants/").content.decode()
    card = page.split("<strong>Quinn Player</strong>")[1].split("</li>")[0]
    assert '<span class="badge dropped">did not check in</span>' in card
    assert "Put Quinn Player back in" in card and str(quinn.pk) not in card.split("<form")[0]
    assert page.index("Oscar Outsider") < page.index("Quinn Player")  # the dropped last
    answer = api(organiser).get(f"/api/events/{checking_in.slug}/entrants/")
    listed = {entrant["name"]: entrant for entrant in answer.json()}
    assert listed["Quinn Player"]["status"] == "dropped"
    assert listed["Quinn Player"]["drop_reason"] == "no-show"
    assert listed["Oscar Outsider"]["status"] == "active"


def test_a_no_show_put_back_in_is_missing_again_until_checked_in(
    checking_in, organiser, player, other_player, outsider
):
    check_in(player, checking_in)
    check_in(outsider, checking_in)
    Event.objects.filter(pk=checking_in.pk).update(capacity=3)
    do_drop_no_shows(checking_in, organiser)
    quinn = checking_in.entrants.get(user=other_player)
    back = api(organiser).post(f"/api/events/{checking_in.slug}/entrants/{quinn.pk}/reinstate/")
    assert back.status_code == 200 and back.json()["joined_round"] == 1
    assert [e.name for e in no_shows(checking_in)] == ["Quinn Player"]
