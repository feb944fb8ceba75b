"""A corrected profile rescores an event and shows what changed."""

from games.call_to_adventure import DEFAULT_PROFILE, score_tableau
from games.call_to_adventure.rescore import what_changed
from tests.games.call_to_adventure.examples import hero, suzanne, table


def test_a_corrected_icon_table_shows_the_lines_totals_and_places_that_moved():
    event = table(suzanne(story_icons={"nature": 5}), hero("Ann", 42))
    corrected = DEFAULT_PROFILE.as_dict() | {"version": 2, "icon_bonus": [0, 0, 2, 4, 8, 12]}

    before = score_tableau(event)
    after = score_tableau(event, profiles=[corrected])

    assert what_changed(before, after) == [
        {"player": 1, "name": "Suzanne", "line": "story_icons", "before": 8, "after": 12},
        {"player": 1, "name": "Suzanne", "line": "total", "before": 40, "after": 44},
        {"player": 1, "name": "Suzanne", "line": "place", "before": 2, "after": 1},
        {"player": 2, "name": "Ann", "line": "place", "before": 1, "after": 2},
    ]


def test_nothing_changed_is_an_empty_list():
    answer = score_tableau(table(suzanne()))

    assert what_changed(answer, answer) == []
