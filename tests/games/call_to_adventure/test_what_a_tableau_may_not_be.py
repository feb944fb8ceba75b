"""Quick entry: every "may not be" is a clear error naming the player and the key."""

import pytest

from games.call_to_adventure import score_tableau
from tests.games.call_to_adventure.examples import error_of, hero, suzanne, table


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"experience": -1}, "experience"),
        ({"hero_cards": -2}, "hero_cards"),
        ({"antihero_cards": -1}, "antihero_cards"),
        ({"printed": {"triumph": -17, "tragedy": 2}}, "printed.triumph"),
        ({"story_icons": {"nature": -4}}, "story_icons.nature"),
        ({"abilities": {"wisdom": -3}}, "abilities.wisdom"),
        ({"destiny": {"triumph": -4}}, "destiny.triumph"),
        ({"adversary": {"tragedy": -1}}, "adversary.tragedy"),
    ],
)
def test_it_refuses_a_negative_count(changes, field):
    answer = score_tableau(table(suzanne(**changes)))

    assert error_of(answer) == (1, field)
    assert "negative" in answer["error"]["reason"]


@pytest.mark.parametrize("level", [0, 8, -1, 12])
def test_it_refuses_a_corruption_level_outside_1_to_7(level):
    answer = score_tableau(table(suzanne(corruption={"level": level})))

    assert error_of(answer) == (1, "corruption.level")
    assert "levels run 1 (top) to 7" in answer["error"]["reason"]


def test_it_refuses_an_unknown_story_icon():
    answer = score_tableau(table(suzanne(story_icons={"nature": 4, "music": 2})))

    assert error_of(answer) == (1, "story_icons.music")
    assert "unknown icon 'music'" in answer["error"]["reason"]


def test_it_refuses_an_unknown_ability():
    answer = score_tableau(table(suzanne(abilities={"luck": 1})))

    assert error_of(answer) == (1, "abilities.luck")


def test_it_names_the_player_at_fault():
    answer = score_tableau(table(hero("Ann", 10), suzanne(experience=-1)))

    assert error_of(answer) == (2, "experience")


def test_it_refuses_a_count_that_is_not_a_whole_number():
    answer = score_tableau(table(suzanne(experience="2")))

    assert error_of(answer) == (1, "experience")
    assert answer["error"]["reason"] == "'2' is not a whole number"


def test_it_refuses_an_unknown_key_rather_than_count_it_zero():
    answer = score_tableau(table(suzanne(experiance=2)))

    assert error_of(answer) == (1, "experiance")


def test_it_refuses_a_missing_corruption_level():
    answer = score_tableau(table(suzanne(corruption={})))

    assert error_of(answer) == (1, "corruption.level")


@pytest.mark.parametrize("players", [[], [suzanne()] * 5])
def test_a_table_has_1_to_4_players(players):
    answer = score_tableau(table(*players))

    assert error_of(answer) == (None, "players")


def test_it_refuses_another_format():
    answer = score_tableau({"format": "call-to-glory-table/1", "players": []})

    assert error_of(answer) == (None, "format")


def test_it_refuses_an_unknown_profile():
    answer = score_tableau(table(suzanne(), profile="core-9"))

    assert error_of(answer) == (None, "profile")


@pytest.mark.parametrize("data", ["{not json", "[1, 2]", 7, None, "[" * 100000])
def test_it_never_raises_on_bad_input(data):
    answer = score_tableau(data)

    assert answer["valid"] is False
    assert answer["error"]["player"] is None


@pytest.mark.parametrize(
    "player", [None, [], "Suzanne", {"printed": []}, {"corruption": "4"}, {"destiny": 4}]
)
def test_it_never_raises_on_a_malformed_player(player):
    answer = score_tableau(table(player))

    assert answer["valid"] is False
    assert answer["error"]["player"] == 1


def test_it_refuses_destiny_points_contradicting_a_catalogued_destiny(catalogue):
    # Voice of the Wild: 5 Triumph for a Strength icon; 2, or 4 at 4 Nature
    player = suzanne(destiny={"card": "d-voice-of-the-wild", "triumph": 9})

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "destiny.triumph")
    assert "gives 4 Triumph for these icons" in answer["error"]["reason"]
    assert "strength 0: 5 Triumph unmet" in answer["error"]["reason"]


def test_quick_entry_computes_the_points_of_a_catalogued_destiny(catalogue):
    player = suzanne(destiny={"card": "d-voice-of-the-wild"})

    answer = score_tableau(table(player), catalogue)

    assert answer["players"][0]["lines"]["destiny"] == 4
    assert answer["players"][0]["total"] == 40


def test_a_catalogued_destiny_needs_a_catalogue():
    answer = score_tableau(table(suzanne(destiny={"card": "d-voice-of-the-wild"})))

    assert error_of(answer) == (1, "destiny.card")
    assert "needs a card catalogue" in answer["error"]["reason"]
