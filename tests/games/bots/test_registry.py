import pytest

from games.call_to_glory.bots import BOTS, make_bot


def test_an_unknown_bot_name_is_refused_with_the_known_names():
    with pytest.raises(
        ValueError, match="there is no bot 'clever'.*easy, greedy, hard, medium, random, search"
    ):
        make_bot("clever", seed=1)


def test_an_unknown_setting_is_refused_by_name():
    with pytest.raises(ValueError, match="no setting 'depth'"):
        make_bot("search", seed=1, depth=3)
    with pytest.raises(ValueError, match="no setting 'iterations'"):
        make_bot("greedy", seed=1, iterations=3)


def test_a_setting_of_the_wrong_kind_is_refused_by_name():
    with pytest.raises(ValueError, match="'iterations' must be a non-negative int"):
        make_bot("search", seed=1, iterations="many")
    with pytest.raises(ValueError, match="'iterations' must be a non-negative int"):
        make_bot("search", seed=1, iterations=2.5)


def test_known_settings_are_taken_and_defaults_fill_the_rest():
    bot = make_bot("search", seed=1, iterations=5)
    assert bot.settings["iterations"] == 5
    assert bot.settings["horizon"] == make_bot("search").settings["horizon"]


@pytest.mark.parametrize("key", ["easy", "medium", "hard", "search-v1"])
def test_a_level_is_a_fixed_configuration_that_takes_no_setting(key):
    with pytest.raises(ValueError, match="no setting 'iterations'"):
        make_bot(key, seed=1, iterations=3)
    assert make_bot(key, seed=1).settings == make_bot(key, seed=2).settings


def test_the_first_search_bot_keeps_its_first_settings():
    settings = make_bot("search-v1").settings
    assert settings["iterations"] == 45
    assert settings["confidence"] == 1.5
    assert not settings["race"] and not settings["inference"] and not settings["learned"]


def test_the_levels_have_names_and_descriptions_people_understand():
    for key, name in (("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")):
        kind = BOTS[key]
        assert kind.name == name
        assert 40 < len(kind.description) < 200
        assert "greedy" not in kind.description.lower()


def test_the_beginner_is_a_yardstick_not_offered_to_people():
    assert "beginner" not in BOTS
    assert make_bot("beginner", seed=1).key == "beginner"
