"""Story icons: each of the six scored on its own by the profile's icon table."""

import pytest

from games.call_to_adventure import DEFAULT_PROFILE, load_profile, score_tableau
from tests.games.call_to_adventure.examples import suzanne, table


def icon_line(story_icons: dict, **kwargs) -> int:
    answer = score_tableau(
        table(suzanne(story_icons=story_icons), **kwargs.pop("top", {})), **kwargs
    )
    assert answer["valid"], answer
    return answer["players"][0]["lines"]["story_icons"]


@pytest.mark.parametrize(("count", "bonus"), [(0, 0), (1, 0), (2, 2), (3, 4), (4, 8)])
def test_the_bonus_follows_the_rulebook_up_to_four(count, bonus):
    assert icon_line({"justice": count}) == bonus


@pytest.mark.parametrize("count", [5, 6, 9])
def test_five_or_more_icons_keep_8_in_core_2(count):
    assert icon_line({"nature": count}) == 8


def test_the_detail_says_a_count_past_the_table_is_not_known():
    answer = score_tableau(table(suzanne(story_icons={"nature": 5})), detail=True)

    (note,) = answer["players"][0]["notes"]
    assert "5 nature icons" in note
    assert "Five or more is not known" in note


def test_each_icon_is_scored_on_its_own():
    assert icon_line({"nature": 2, "arcana": 3, "royalty": 1, "villainy": 4}) == 2 + 4 + 0 + 8


def test_an_edited_profile_with_a_corrected_icon_table_changes_the_score():
    corrected = DEFAULT_PROFILE.as_dict() | {"version": 2, "icon_bonus": [0, 0, 2, 4, 8, 12]}

    before = icon_line({"nature": 5})
    after = icon_line({"nature": 5}, profiles=[corrected])

    assert (before, after) == (8, 12)


def test_an_event_profile_under_its_own_name_is_picked_by_the_table():
    event = DEFAULT_PROFILE.as_dict() | {"name": "spring-event", "icon_bonus": [0, 1, 3, 6, 10]}

    answer = score_tableau(
        table(suzanne(), profile="spring-event"), profiles={"spring-event": load_profile(event)}
    )

    assert answer["profile"] == "spring-event"
    assert answer["players"][0]["lines"]["story_icons"] == 10
    assert answer["players"][0]["total"] == 42
