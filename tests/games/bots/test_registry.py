import pytest

from games.call_to_glory.bots import make_bot


def test_an_unknown_bot_name_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="there is no bot 'clever'.*greedy, random, search"):
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
