"""An organiser's unreasonable request gets the reason, never a server error: a card
catalogue with a number of thousands of digits, and applying a rules profile to a
finished event."""

import pytest

from games.call_to_adventure import DEFAULT_PROFILE
from scoring.models import EventCatalogue, EventProfile
from tests.scoring.profile_posts import posted
from tournaments.models import Event, Result

pytestmark = pytest.mark.django_db

HEADER = "id,name,kind,path,triumph,tragedy,story_icons,abilities,requirements\n"


@pytest.mark.parametrize(
    "row",
    [
        "o-big,Big,origin,top," + "9" * 5000 + ",0,nature,wisdom,\n",
        "o-big,Big,origin,top,1,0,nature*" + "9" * 5000 + ",wisdom,\n",
        "o-big,Big,origin,top,1,0,nature,wisdom," + "9" * 5000 + " triumph if wisdom >= 1\n",
    ],
)
def test_a_catalogue_cell_with_thousands_of_digits_is_refused_with_the_row(
    client_for, organiser, adventure_table, row
):
    event = adventure_table.round.event
    response = client_for(organiser).post(
        f"/scoring/events/{event.slug}/catalogue/", {"catalogue": HEADER + row}
    )
    assert response.status_code == 400
    assert "too large" in response.content.decode()
    assert not EventCatalogue.objects.exists()


def test_applying_a_profile_to_a_finished_event_says_why_and_changes_nothing(
    client_for, organiser, adventure_table
):
    event = adventure_table.round.event
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    response = client_for(organiser).post(
        f"/scoring/events/{event.slug}/rules-profile/",
        {
            **posted(DEFAULT_PROFILE.as_dict(), level_4_points=6),
            "action": "apply",
            "reason": "printed 6",
        },
    )
    assert response.status_code == 409  # a clash with the finished event
    assert "The event is finished" in response.content.decode()
    assert not EventProfile.objects.exists()
    assert Result.objects.get().rules_version == "core-2 v1"
