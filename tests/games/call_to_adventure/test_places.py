"""The highest Destiny wins; equal scores share the place (1, 1, 3)."""

from games.call_to_adventure import score_tableau
from games.call_to_adventure.places import places
from tests.games.call_to_adventure.examples import hero, table


def test_equal_scores_share_a_place_and_the_next_place_is_skipped():
    answer = score_tableau(table(hero("Ann", 20), hero("Ben", 25), hero("Cat", 25)))

    assert [p["total"] for p in answer["players"]] == [20, 25, 25]
    assert answer["places"] == [3, 1, 1]


def test_four_heroes_all_tied_all_win():
    assert places([30, 30, 30, 30]) == [1, 1, 1, 1]


def test_a_tie_for_second_leaves_no_third():
    assert places([40, 31, 31, 12]) == [1, 2, 2, 4]


def test_a_solo_hero_is_first():
    assert score_tableau(table(hero("Ann", 3)))["places"] == [1]
