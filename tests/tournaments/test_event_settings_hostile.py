"""The audit's bad event settings (issue 14, item 9), each a 400 naming the field and
nothing stored: what broke every later submission or answered 500 before
``check_event_settings``; and the multipart body schemathesis sent (JSON fields as the
text "null")."""

import pytest
from rest_framework.test import APIClient

from tournaments.models import Event, Season

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("given", "field"),
    [
        ({"points_by_place": True}, "points_by_place"),
        ({"points_by_place": 5}, "points_by_place"),
        ({"points_by_place": [[1]]}, "points_by_place"),
        ({"points_by_place": None}, "points_by_place"),
        ({"tiebreak_order": ["no-such-key"]}, "tiebreak_order"),
        ({"rules_options": [1, 2]}, "rules_options"),
        ({"rules_options": "x"}, "rules_options"),
        ({"rules_options": {"rounds": 0}}, "rules_options"),
    ],
)
def test_the_audits_bad_settings_are_refused(organiser, league, given, field):
    season = Season.objects.create(league=league, name="S")
    client = APIClient()
    client.force_authenticate(organiser)
    body = {"season": season.pk, "name": "E", "slug": "e", "format": "swiss", **given}
    response = client.post("/api/events/", body, format="json")
    assert response.status_code == 400, response.content
    assert field in str(response.json())
    assert not Event.objects.filter(slug="e").exists()


@pytest.mark.parametrize("number", ["Infinity", "NaN", "-Infinity"])
def test_points_that_are_not_finite_are_refused(organiser, league, number):
    season = Season.objects.create(league=league, name="S")
    client = APIClient()
    client.force_authenticate(organiser)
    body = f'{{"season": {season.pk}, "name": "E", "slug": "e", "points_by_place": [{number}]}}'
    response = client.post("/api/events/", body, content_type="application/json")
    assert response.status_code == 400
    assert not Event.objects.exists()


def test_a_multipart_body_with_null_json_fields_is_a_400(organiser, league):
    season = Season.objects.create(league=league, name="S")
    client = APIClient()
    client.force_authenticate(organiser)
    fields = {
        "name": "Null", "season": str(season.pk), "game": "call-to-glory", "rules_options": "null",
        "format": "swiss", "format_options": "null", "table_size": "4", "rounds_planned": "0",
        "points_by_place": "null", "tiebreak_order": "null", "visibility": "public",
        "seed": "0", "late_entry_points": "0",
    }  # fmt: skip
    response = client.post("/api/events/", fields, format="multipart")
    assert response.status_code == 400
    assert not Event.objects.exists()
