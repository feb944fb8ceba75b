"""Call to Adventure at a real table: the rulebook's example scores 40, and a corrected
rules profile shows what it would change before it changes anything."""

import copy

import pytest

from games.call_to_adventure import DEFAULT_PROFILE
from games.call_to_adventure.profile import ProfileError
from scoring.models import AuditEntry, EventProfile
from scoring.rescore import do_apply_profile, preview_rescore
from tests.scoring.profile_posts import posted
from tournaments.models import Result

pytestmark = pytest.mark.django_db


def test_the_rulebooks_worked_example_scores_40_and_becomes_the_result(adventure_table):
    seats = Result.objects.get(table=adventure_table).seats.order_by("position")
    assert [s.score for s in seats] == [40, 41]
    assert [s.place for s in seats] == [2, 1]
    assert Result.objects.get(table=adventure_table).rules_version == "core-2 v1"


def tragic_hero_worth(points):
    profile = copy.deepcopy(DEFAULT_PROFILE.as_dict())
    profile["corruption"]["levels"][3]["points"] = points
    return profile


def test_a_rescore_preview_shows_changed_totals_and_places_and_saves_nothing(
    adventure_table, organiser
):
    event = adventure_table.round.event
    preview = preview_rescore(event, tragic_hero_worth(6))

    [change] = preview
    assert change.totals_before == [40, 41]
    assert change.totals_after == [42, 41]
    assert change.places_after == [1, 2]
    assert {"player": 1, "name": "Pat Player", "line": "total", "before": 40, "after": 42} in (
        change.changes
    )
    assert [s.score for s in Result.objects.get().seats.order_by("position")] == [40, 41]
    assert not AuditEntry.objects.filter(action="rescored").exists()


def test_applying_a_profile_rerecords_the_changed_tables_with_the_new_version(
    adventure_table, organiser
):
    event = adventure_table.round.event
    do_apply_profile(event, tragic_hero_worth(6), organiser, reason="the board says 6")

    result = Result.objects.get(table=adventure_table)
    assert [s.place for s in result.seats.order_by("position")] == [1, 2]
    assert result.rules_version == "core-2 v2"
    assert AuditEntry.objects.get(action="rescored").reason == "the board says 6"


def test_a_broken_profile_is_refused_and_nothing_changes(adventure_table, organiser):
    profile = tragic_hero_worth(6)
    profile["icon_bonus"] = "lots"
    with pytest.raises(ProfileError) as refused:
        do_apply_profile(adventure_table.round.event, profile, organiser, reason="typo")
    assert refused.value.field == "icon_bonus"
    assert [s.score for s in Result.objects.get().seats.order_by("position")] == [40, 41]
    assert not EventProfile.objects.exists()


def test_the_organisers_page_previews_then_applies(client_for, organiser, adventure_table):
    event = adventure_table.round.event
    page = f"/scoring/events/{event.slug}/rules-profile/"
    client = client_for(organiser)
    edited = posted(DEFAULT_PROFILE.as_dict(), level_4_points=6)
    preview = client.post(page, {**edited, "action": "preview"})
    assert b"40, 41" in preview.content and b"42, 41" in preview.content
    assert Result.objects.get().rules_version == "core-2 v1"

    client.post(page, {**edited, "action": "apply", "reason": "printed 6"})
    assert Result.objects.get().rules_version == "core-2 v2"
    assert EventProfile.objects.get().profile == {**tragic_hero_worth(6), "version": 2}


def test_only_organisers_reach_the_rules_profile(client_for, player, adventure_table):
    event = adventure_table.round.event
    response = client_for(player).post(
        f"/scoring/events/{event.slug}/rules-profile/", {"action": "apply", "reason": "x"}
    )
    assert response.status_code == 403
    assert not EventProfile.objects.exists()


def test_a_game_without_rules_profiles_has_no_profile_page(client_for, organiser, table):
    event = table.round.event  # Call to Glory: its registration declares no rules profiles
    client = client_for(organiser)
    assert client.get(f"/scoring/events/{event.slug}/rules-profile/").status_code == 404
    refused = client.post(f"/scoring/events/{event.slug}/catalogue/", {"catalogue": "[]"})
    assert refused.status_code == 404
    assert not EventProfile.objects.exists()
