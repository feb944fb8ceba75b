"""An organiser imports the event's card catalogue; a player then picks the Destiny card
by name and its requirements are scored. A broken catalogue says which row is wrong."""

import pytest
from django.urls import reverse

from games.call_to_adventure.catalogue import EXAMPLE_CATALOGUE
from lib.refusal import Refusal
from scoring.entering import do_submit_result
from scoring.models import AuditEntry, EventCatalogue, Submission

pytestmark = pytest.mark.django_db

SAGE = {  # wisdom 3 meets the Lantern Sage's first requirement: 3 Triumph
    "printed": {"triumph": 10, "tragedy": 1},
    "abilities": {"wisdom": 3},
    "corruption": {"level": 4},
    "destiny": {"card": "d-lantern-sage"},
}
PLAIN = {
    "printed": {"triumph": 10, "tragedy": 1},
    "corruption": {"level": 4},
    "destiny": {"triumph": 0, "tragedy": 0},
}


@pytest.fixture
def adventure_event(table):
    event = table.round.event
    event.game = "call-to-adventure"
    event.save()
    return event


def import_catalogue(client, event, source: str):
    return client.post(reverse("scoring-catalogue", args=[event.slug]), {"catalogue": source})


def test_a_picked_destiny_card_scores_its_requirements_once_the_catalogue_is_imported(
    adventure_event, table, organiser, player, client_for
):
    response = import_catalogue(
        client_for(organiser), adventure_event, EXAMPLE_CATALOGUE.read_text()
    )
    assert response.status_code == 302
    assert AuditEntry.objects.get(event=adventure_event).action == "catalogue imported"

    page = client_for(player).get(reverse("scoring-entry", args=[table.pk, "adventure"]))
    assert b"Lantern Sage" in page.content

    submission = do_submit_result(
        table, Submission.Kind.ADVENTURE, {"players": [SAGE, PLAIN]}, player
    )
    sage, plain = submission.answer["players"]
    assert sage["lines"]["destiny"] == 3
    assert sage["total"] - plain["total"] == 3


def test_without_a_catalogue_a_destiny_card_is_refused_at_its_field(adventure_event, table, player):
    with pytest.raises(Refusal) as refused:
        do_submit_result(table, Submission.Kind.ADVENTURE, {"players": [SAGE, PLAIN]}, player)
    assert refused.value.error["player"] == 1
    assert refused.value.error["field"].startswith("destiny")


def test_a_broken_catalogue_names_its_row_and_nothing_is_stored(
    adventure_event, organiser, client_for
):
    broken = (
        "id,name,kind,path,triumph,tragedy,story_icons,abilities,requirements\n"
        "d-x,X,destiny,top,lots,0,,,3 triumph if wisdom >= 3\n"
    )
    response = import_catalogue(client_for(organiser), adventure_event, broken)
    assert response.status_code == 400
    assert "row 2, column triumph" in response.content.decode()
    assert not EventCatalogue.objects.exists() and not AuditEntry.objects.exists()


@pytest.mark.parametrize("persona", ["player", "outsider"])
def test_only_organisers_import_a_catalogue(persona, request, adventure_event, client_for):
    user = request.getfixturevalue(persona)
    response = import_catalogue(client_for(user), adventure_event, EXAMPLE_CATALOGUE.read_text())
    assert response.status_code == 403
    assert not EventCatalogue.objects.exists()
