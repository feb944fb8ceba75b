"""The rulebook's "Play Example: End of Game": Suzanne's Destiny is 40."""

import json

from games.call_to_adventure import score_tableau
from tests.games.call_to_adventure.examples import suzanne, table


def test_suzannes_destiny_is_40_line_by_line():
    answer = score_tableau(table(suzanne(), profile="core-2"))

    assert answer == {
        "valid": True,
        "profile": "core-2",
        "players": [
            {
                "name": "Suzanne",
                "lines": {
                    "printed": 19,
                    "corruption": 4,
                    "destiny": 4,
                    "experience": 2,
                    "hero_cards": 2,
                    "antihero_cards": 1,
                    "story_icons": 8,
                    "adversary": 0,
                },
                "total": 40,
            }
        ],
        "places": [1],
    }


def test_it_reads_the_table_as_json_text_too():
    answer = score_tableau(json.dumps(table(suzanne())))

    assert answer["players"][0]["total"] == 40


def test_the_profile_defaults_to_core_2():
    assert score_tableau(table(suzanne()))["profile"] == "core-2"


def test_the_detail_keeps_triumph_and_tragedy_columns_apart():
    answer = score_tableau(table(suzanne()), detail=True)

    columns = answer["players"][0]["columns"]
    assert columns["printed"] == {"triumph": 17, "tragedy": 2, "other": 0}
    assert columns["corruption"] == {"triumph": 0, "tragedy": 4, "other": 0}
    assert columns["hero_cards"] == {"triumph": 2, "tragedy": 0, "other": 0}
    assert columns["antihero_cards"] == {"triumph": 0, "tragedy": 1, "other": 0}
    assert columns["story_icons"] == {"triumph": 0, "tragedy": 0, "other": 8}
    assert answer["profile_version"] == 1


def test_the_plain_answer_has_exactly_the_specs_keys():
    answer = score_tableau(table(suzanne()))

    assert set(answer) == {"valid", "profile", "players", "places"}
    assert set(answer["players"][0]) == {"name", "lines", "total"}


def test_a_beaten_adversary_adds_its_points():
    answer = score_tableau(table(suzanne(adversary={"triumph": 3})))

    assert answer["players"][0]["lines"]["adversary"] == 3
    assert answer["players"][0]["total"] == 43
