"""The rules profile is edited with one field per rule, not as JSON: the form reads the
stored profile and gives it back unchanged, names a wrong value beside its field in
people's words, and lengthens its tables; nothing is stored from a refused form."""

import pytest

from games.call_to_adventure import DEFAULT_PROFILE
from games.registered.call_to_adventure.profile_form import RulesProfileForm
from scoring.models import EventProfile
from tests.i18n.leftovers import english_left, typed_by_people
from tests.scoring.profile_posts import posted

DEFAULT = DEFAULT_PROFILE.as_dict()


def form_of(**changes) -> RulesProfileForm:
    return RulesProfileForm(DEFAULT, posted(DEFAULT, **changes))


def test_the_form_gives_back_the_stored_profile_unchanged():
    form = form_of()
    assert form.is_valid(), form.errors
    assert form.profile() == DEFAULT


def test_tables_grow_by_their_empty_rows_and_shrink_by_the_track_length():
    form = form_of(icon_bonus_5=12, track_length=8, level_8_name="doom", level_8_points=-8)
    assert form.is_valid(), form.errors
    profile = form.profile()
    assert profile["icon_bonus"] == [0, 0, 2, 4, 8, 12]
    assert profile["corruption"]["levels"][-1] == {
        "level": 8, "name": "doom", "points": -8, "column": None
    }  # fmt: skip
    shorter = form_of(track_length=5, corruption_start=3)
    assert shorter.is_valid() and len(shorter.profile()["corruption"]["levels"]) == 5


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"story_icons": "nature, Royalty"}, "story_icons", "a lower-case word"),
        ({"story_icons": "nature, nature"}, "story_icons", "named twice"),
        ({"abilities": "wisdom, nature"}, "abilities", "both a Story icon and an Ability"),
        ({"story_icons": " , "}, "story_icons", "Name at least one"),
        ({"icon_bonus_2": ""}, "icon_bonus_2", "without gaps"),
        ({f"icon_bonus_{n}": "" for n in range(1, 5)}, "icon_bonus_1", "0 and for 1 icon"),
        ({"icon_bonus_3": "lots"}, "icon_bonus_3", "whole number"),
        ({"level_4_points": "4.5"}, "level_4_points", "whole number"),
        ({"level_4_column": "glory"}, "level_4_column", "Select a valid choice"),
        ({"corruption_start": 9}, "corruption_start", "cannot start on 9"),
        ({"track_length": 1}, "track_length", "greater than or equal to 2"),
        ({"title": ""}, "title", "required"),
    ],
)
def test_a_wrong_value_is_named_beside_its_field(changes, field, words):
    form = form_of(**changes)
    assert not form.is_valid()
    assert words in " ".join(form.errors[field]), form.errors


def test_an_engine_key_finds_its_form_field():
    form = form_of()
    assert form.field_of("corruption.levels.3.points") == "level_4_points"
    assert form.field_of("icon_bonus.2") == "icon_bonus_2"
    assert form.field_of("corruption.start") == "corruption_start"
    assert form.field_of("abilities.1") == "abilities"
    assert form.field_of(None) is None and form.field_of("name") is None


@pytest.mark.django_db
def test_the_page_has_a_field_per_rule_and_no_json(client_for, organiser, adventure_table):
    event = adventure_table.round.event
    page = client_for(organiser).get(f"/scoring/events/{event.slug}/rules-profile/")
    html = page.content.decode()
    assert 'name="profile"' not in html and "JSON" not in html.split("catalogue-heading")[0]
    assert '<label for="id_story_icons">Story icons' in html
    assert 'name="level_4_points" value="4"' in html
    assert 'name="icon_bonus_4" value="8"' in html
    assert '<option value="tragedy" selected>Tragedy</option>' in html


@pytest.mark.django_db
def test_a_refused_form_stores_nothing_and_says_why(client_for, organiser, adventure_table):
    event = adventure_table.round.event
    url = f"/scoring/events/{event.slug}/rules-profile/"
    client = client_for(organiser)
    bad = client.post(url, {**posted(DEFAULT, level_4_points="many"), "action": "apply"})
    assert "Enter a whole number." in bad.content.decode()
    unexplained = client.post(url, {**posted(DEFAULT, level_4_points=6), "action": "apply"})
    assert "Say why the rules change" in unexplained.content.decode()
    assert 'id="preview"' in unexplained.content.decode()  # the change is still shown
    assert not EventProfile.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["de", "ru"])
def test_the_profile_page_speaks_the_organisers_language(
    client_for,
    organiser,
    adventure_table,
    language,
):
    event = adventure_table.round.event
    organiser.language = language
    organiser.save(update_fields=["language"])
    client = client_for(organiser)
    url = f"/scoring/events/{event.slug}/rules-profile/"
    html = client.post(url, {**posted(DEFAULT, level_4_points=6), "action": "preview"})
    html = html.content.decode()
    assert f'<html lang="{language}">' in html and 'id="preview"' in html
    assert not english_left(html, language, typed_by_people())
