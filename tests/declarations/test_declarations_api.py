"""Declarations through the API: the organiser asks (free text or a choice from a list)
with a deadline; an entrant declares before it, not after, nor once locked; the
organiser edits and locks any; private ones are the organisers' and each entrant's own
until the event ends; after the deadline, entrants without one are named."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from declarations.models import Declaration, DeclarationRule
from tournaments.models import Entrant, Event, EventLogEntry

pytestmark = pytest.mark.django_db


def api(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def ask(event, organiser, **extra):
    data = {
        "label": "Character",
        "kind": "choice",
        "choices": ["Knight", "Witch", "Ranger"],
        "deadline": (timezone.now() + timedelta(days=1)).isoformat(),
        "public": False,
    }
    return api(organiser).put(
        f"/api/events/{event.slug}/declarations/", {**data, **extra}, format="json"
    )


@pytest.fixture
def entrants(table):
    return list(Entrant.objects.filter(event=table.round.event).order_by("pk"))


def test_an_entrant_declares_a_choice_and_others_do_not_see_it(
    event, organiser, player, other_player, entrants
):
    assert ask(event, organiser).status_code == 200
    url = f"/api/events/{event.slug}/declarations/{entrants[0].pk}/"
    assert api(player).put(url, {"text": "Dragon"}, format="json").json()["field"] == "text"
    answer = api(player).put(url, {"text": "witch"}, format="json")
    assert answer.status_code == 200
    assert Declaration.objects.get().text == "Witch"
    assert api(other_player).put(url, {"text": "Knight"}, format="json").status_code == 403
    theirs = api(other_player).get(f"/api/events/{event.slug}/declarations/").json()
    assert [d["name"] for d in theirs["declarations"]] == ["Quinn Player"]
    everyone = api(organiser).get(f"/api/events/{event.slug}/declarations/").json()
    assert {d["text"] for d in everyone["declarations"]} == {"Witch", None}
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    after = api(other_player).get(f"/api/events/{event.slug}/declarations/").json()
    assert len(after["declarations"]) == 2


def test_a_declaration_after_the_deadline_is_refused_and_the_missing_are_named(
    event, organiser, player, entrants
):
    ask(event, organiser, kind="text", choices=[])
    url = f"/api/events/{event.slug}/declarations/{entrants[0].pk}/"
    api(player).put(url, {"text": "Mono-red"}, format="json")
    DeclarationRule.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    late = api(player).put(url, {"text": "Mono-blue", "version": 1}, format="json")
    assert late.status_code == 409 and late.json()["field"] == "text"
    assert Declaration.objects.get().text == "Mono-red"
    listing = api(organiser).get(f"/api/events/{event.slug}/declarations/").json()
    assert listing["locked"] is True and listing["missing"] == ["Quinn Player"]
    edited = api(organiser).put(url, {"text": "Mono-blue", "version": 1}, format="json")
    assert edited.status_code == 200 and Declaration.objects.get().text == "Mono-blue"
    assert EventLogEntry.objects.filter(event=event, action="declared").exists()


def test_the_organiser_locks_one_early(event, organiser, player, entrants):
    ask(event, organiser, kind="text", choices=[])
    url = f"/api/events/{event.slug}/declarations/{entrants[0].pk}/"
    api(player).put(url, {"text": "Elves"}, format="json")
    assert api(player).post(url + "lock/", {"version": 1}).status_code == 403
    locked = api(organiser).post(url + "lock/", {"version": 1})
    assert locked.status_code == 200
    refused = api(player).put(url, {"text": "Goblins", "version": 2}, format="json")
    assert refused.status_code == 409
    assert Declaration.objects.get().text == "Elves" and Declaration.objects.get().locked
    assert EventLogEntry.objects.filter(event=event, action="declaration locked").exists()


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"choices": []}, "choices"),
        ({"choices": ["Knight", "knight"]}, "choices"),
        ({"label": ""}, "label"),
        ({"deadline": None}, "deadline"),
    ],
)
def test_a_bad_rule_is_refused_on_its_field(event, organiser, extra, field):
    answer = ask(event, organiser, **extra)
    assert answer.status_code == 400
    assert field in str(answer.json())
    assert not DeclarationRule.objects.exists()


def test_only_organisers_ask_and_a_stale_change_is_refused(event, organiser, outsider):
    assert ask(event, outsider).status_code == 403
    assert ask(event, organiser).status_code == 200
    stale = ask(event, organiser, version=5, label="Deck")
    assert stale.status_code == 409
    assert DeclarationRule.objects.get().label == "Character"


def test_the_undeclared_are_dropped_before_round_1_naming_whom(
    league, organiser, player, other_player
):
    from tournaments.models import Season

    season = Season.objects.create(league=league, name="Winter")
    event = Event.objects.create(
        season=season, name="Winter Cup", slug="winter-cup", table_size=2, created_by=organiser
    )
    declared = Entrant.objects.create(event=event, user=player, name=str(player))
    silent = Entrant.objects.create(event=event, user=other_player, name=str(other_player))
    ask(event, organiser, kind="text", choices=[])
    url = f"/api/events/{event.slug}/declarations/"
    api(player).put(f"{url}{declared.pk}/", {"text": "Elves"}, format="json")
    early = api(organiser).post(url + "drop-missing/", {"entrants": []}, format="json")
    assert early.status_code == 409  # before the deadline
    DeclarationRule.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    listing = api(organiser).get(url).json()
    assert listing["missing_entrants"] == [silent.pk]
    stale = api(organiser).post(url + "drop-missing/", {"entrants": []}, format="json")
    assert stale.status_code == 409 and stale.json()["field"] == "entrants"
    assert api(player).post(url + "drop-missing/", {"entrants": [silent.pk]}).status_code == 403
    done = api(organiser).post(url + "drop-missing/", {"entrants": [silent.pk]}, format="json")
    assert done.status_code == 200
    silent.refresh_from_db()
    declared.refresh_from_db()
    assert silent.is_dropped and not declared.is_dropped
    assert EventLogEntry.objects.filter(event=event, action="undeclared dropped").exists()
