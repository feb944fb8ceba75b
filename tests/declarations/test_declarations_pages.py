"""The declarations page: the organiser asks (a refusal beside its field, nothing
changed), an entrant declares, others see only theirs while private, and after the
deadline the page names who has none and locks the entrant's form."""

from datetime import timedelta

import pytest
from django.utils import timezone

from declarations.models import Declaration, DeclarationRule
from tournaments.models import Entrant

pytestmark = pytest.mark.django_db


def rule(**extra):
    data = {
        "rule-label": "Deck",
        "rule-kind": "choice",
        "rule-choices": "Elves\nGoblins",
        "rule-deadline": (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
    }
    return {**data, **extra}


def test_a_private_declaration_is_seen_by_its_entrant_and_the_organisers(
    client_for, event, table, organiser, player, other_player
):
    client = client_for(organiser)
    refused = client.post(f"/events/{event.slug}/declarations/ask/", rule(**{"rule-choices": ""}))
    assert "Give the choices entrants pick from." in refused.content.decode()
    assert not DeclarationRule.objects.exists()
    assert client.post(f"/events/{event.slug}/declarations/ask/", rule()).status_code == 302
    assert "Deck: declarations" in client.get(f"/events/{event.slug}/").content.decode()
    mine = Entrant.objects.get(event=event, user=player)
    client = client_for(player)
    client.post(f"/events/{event.slug}/declarations/{mine.pk}/", {"own-text": "Goblins"})
    assert Declaration.objects.get().text == "Goblins"
    assert "Goblins" in client.get(f"/events/{event.slug}/declarations/").content.decode()
    theirs = client_for(other_player).get(f"/events/{event.slug}/declarations/").content.decode()
    assert "Pat Player" not in theirs  # the choices are in their own form, Pat's is not
    assert (
        "Goblins"
        in client_for(organiser).get(f"/events/{event.slug}/declarations/").content.decode()
    )


def test_after_the_deadline_the_undeclared_are_named_and_the_form_is_locked(
    client_for, event, table, organiser, player
):
    client_for(organiser).post(
        f"/events/{event.slug}/declarations/ask/", rule(**{"rule-kind": "text"})
    )
    DeclarationRule.objects.update(deadline=timezone.now() - timedelta(minutes=1))
    page = client_for(player).get(f"/events/{event.slug}/declarations/").content.decode()
    assert "You declared nothing before the deadline." in page
    assert "2 entrants have no declaration:" in page
    mine = Entrant.objects.get(event=event, user=player)
    late = client_for(player).post(
        f"/events/{event.slug}/declarations/{mine.pk}/", {"own-text": "Elves"}
    )
    assert late.status_code == 409 and not Declaration.objects.exists()
    assert "Declarations are locked: the deadline has passed." in late.content.decode()
