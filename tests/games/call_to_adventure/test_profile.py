"""The rules profile: data an organiser can copy, correct and check."""

import json

import pytest

from games.call_to_adventure import DEFAULT_PROFILE, ProfileError, load_profile
from games.call_to_adventure.profile import DATA_DIR


def edited(**changes) -> dict:
    return DEFAULT_PROFILE.as_dict() | changes


def test_the_default_profile_is_core_2_version_1_shipped_as_data():
    shipped = json.loads((DATA_DIR / "core-2.json").read_text())

    assert (DEFAULT_PROFILE.name, DEFAULT_PROFILE.version) == ("core-2", 1)
    assert shipped["name"] == "core-2"
    assert DEFAULT_PROFILE.story_icons == (
        "divinity",
        "justice",
        "nature",
        "arcana",
        "royalty",
        "villainy",
    )
    assert DEFAULT_PROFILE.icon_bonus == (0, 0, 2, 4, 8)
    assert "Five or more is not known" in DEFAULT_PROFILE.icon_bonus_note


def test_the_track_knows_levels_3_to_7_and_not_1_or_2():
    known = {lv.level: lv.points for lv in DEFAULT_PROFILE.levels}

    assert known == {1: None, 2: None, 3: 2, 4: 4, 5: 0, 6: 0, 7: -4}
    assert DEFAULT_PROFILE.corruption_start == 3
    assert DEFAULT_PROFILE.level(4).name == "tragic hero"


def test_a_profile_round_trips_through_its_dict():
    assert load_profile(DEFAULT_PROFILE.as_dict()) == DEFAULT_PROFILE


def test_an_expansion_profile_names_its_own_icons():
    icons = ["divinity", "justice", "music", "arcana", "royalty", "villainy"]

    profile = load_profile(edited(name="name-of-the-wind", story_icons=icons))

    assert "music" in profile.story_icons


def test_an_organiser_may_fill_in_levels_1_and_2():
    levels = DEFAULT_PROFILE.as_dict()["corruption"]["levels"]
    levels[0] |= {"points": 3, "column": "triumph"}
    corruption = DEFAULT_PROFILE.as_dict()["corruption"] | {"levels": levels}

    profile = load_profile(edited(version=2, corruption=corruption))

    assert profile.level(1).points == 3


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"version": 0}, "version"),
        ({"name": "Core 2"}, "name"),
        ({"icon_bonus": [0, "two"]}, "icon_bonus.1"),
        ({"icon_bonus": [0, -2, 4]}, "icon_bonus.1"),
        ({"story_icons": ["nature", "nature"]}, "story_icons.1"),
        ({"abilities": ["strength", "nature"]}, "abilities"),
        ({"colour": "red"}, "colour"),
        ({"corruption": {"start": 9, "levels": [{"level": 1}, {"level": 2}]}}, "corruption.start"),
        (
            {"corruption": {"start": 1, "levels": [{"level": 1}, {"level": 3}]}},
            "corruption.levels.1.level",
        ),
        (
            {"corruption": {"start": 1, "levels": [{"level": 1}, {"level": 2, "column": "glory"}]}},
            "corruption.levels.1.column",
        ),
    ],
)
def test_an_edited_profile_that_cannot_be_is_refused_by_key(changes, field):
    with pytest.raises(ProfileError) as caught:
        load_profile(edited(**changes))

    assert caught.value.field == field


def test_a_profile_that_is_not_json_is_refused():
    with pytest.raises(ProfileError):
        load_profile("{oops")
