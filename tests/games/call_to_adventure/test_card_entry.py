"""Card entry: name the cards, the scorer derives printed points and icon counts.

The cards are the example catalogue's INVENTED cards.
"""

import copy

import pytest

from games.call_to_adventure import score_tableau
from tests.games.call_to_adventure.examples import error_of, table

ANN = {
    "name": "Ann",
    "origin": {"card": "o-fen-warden"},  # 1 T, nature, wisdom
    "motivation": {"card": "m-oathbound"},  # 1 T, justice, strength
    "destiny": {"card": "d-voice-of-the-wild"},  # 2 T; 5 T at 1 strength; 2/4 T at 2/4 nature
    "story": {
        "origin": [
            "s-herb-lore",  # 1 T, nature, wisdom
            {"card": "s-bog-crossing", "path": "bottom"},  # 2 t, villainy, dexterity
            {"card": "s-wolf-moon", "path": "top"},  # 3 T, nature, strength
        ],
        "motivation": [
            {"card": "s-toll-bridge", "path": "top"},  # 2 T, justice, strength
            "s-stout-heart",  # 1 T, constitution
        ],
        "destiny": [{"card": "s-deep-green", "path": "top"}],  # 5 T, nature x2
    },
    "allies": ["a-marsh-hound"],  # nature
    "corruption": {"level": 4},
    "experience": 2,
    "hero_cards": 1,
    "antihero_cards": 0,
}


def ann(**changes) -> dict:
    player = copy.deepcopy(ANN)
    player.update(changes)
    return player


def test_it_derives_printed_points_and_icons_from_the_cards(catalogue):
    answer = score_tableau(table(ann()), catalogue, detail=True)

    assert answer["valid"], answer
    player = answer["players"][0]
    assert player["columns"]["printed"] == {"triumph": 16, "tragedy": 2, "other": 0}
    # nature: origin, herb lore, wolf moon, deep green x2, marsh hound = 6 -> 8 (kept)
    # justice: motivation, toll bridge = 2 -> 2; villainy 1 -> 0
    assert player["lines"]["story_icons"] == 8 + 2
    # strength 3 (5 T) and nature 6 (4 T)
    assert player["lines"]["destiny"] == 9
    assert player["total"] == 18 + 4 + 9 + 2 + 1 + 0 + 10 + 0


def test_typed_destiny_points_that_agree_with_the_card_are_fine(catalogue):
    player = ann(destiny={"card": "d-voice-of-the-wild", "triumph": 9, "tragedy": 0})

    assert score_tableau(table(player), catalogue)["valid"]


def test_typed_destiny_points_that_contradict_the_card_are_refused(catalogue):
    player = ann(destiny={"card": "d-voice-of-the-wild", "triumph": 4})

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "destiny.triumph")


def test_it_refuses_a_fourth_story_card_under_a_character_card(catalogue):
    player = ann()
    player["story"]["motivation"] += ["s-quick-fingers", "s-hidden-heir"]

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "story.motivation")
    assert "4 Story cards under the Motivation" in answer["error"]["reason"]
    assert "at most 3 (9 in all)" in answer["error"]["reason"]


def test_it_refuses_a_story_card_twice_in_one_tableau(catalogue):
    player = ann()
    player["story"]["destiny"].append("s-herb-lore")

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "story.destiny.1")
    assert "already lies in this tableau at story.origin.0" in answer["error"]["reason"]


def test_it_refuses_a_story_card_used_by_two_players(catalogue):
    ben = {
        "name": "Ben",
        "origin": "o-gutter-scholar",
        "motivation": "m-hungry-for-more",
        "destiny": {"card": "d-crown-of-ash"},
        "story": {"origin": [{"card": "s-wolf-moon", "path": "bottom"}]},
        "corruption": {"level": 6},
    }

    answer = score_tableau(table(ann(), ben), catalogue)

    assert error_of(answer) == (2, "story.origin.0")
    assert "already lies in player 1's tableau" in answer["error"]["reason"]


def test_two_heroes_may_both_have_beaten_the_adversary(catalogue):
    beaten = {"adversary": {"card": "x-hollow-regent"}}
    ben = {
        "name": "Ben",
        "origin": "o-gutter-scholar",
        "motivation": "m-hungry-for-more",
        "destiny": {"card": "d-crown-of-ash"},
        "corruption": {"level": 6},
        **beaten,
    }

    answer = score_tableau(table(ann(**beaten), ben), catalogue)

    assert answer["valid"], answer
    assert [p["lines"]["adversary"] for p in answer["players"]] == [4, 4]


def test_it_asks_which_path_of_a_challenge_shows(catalogue):
    player = ann()
    player["story"]["destiny"] = ["s-star-well"]

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "story.destiny.0.path")
    assert "has two paths" in answer["error"]["reason"]


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"origin": "o-nowhere"}, "origin", "no card 'o-nowhere' in the catalogue"),
        ({"origin": "m-oathbound"}, "origin", "is a motivation card, not an origin card"),
        ({"destiny": {"triumph": 4}}, "destiny.card", "card entry names the Destiny card"),
        ({"printed": {"triumph": 1}}, "printed", "card entry derives printed"),
        ({"story": {"epilogue": []}}, "story.epilogue", "unknown Character card"),
    ],
)
def test_card_entry_faults_name_the_key(catalogue, changes, field, reason):
    answer = score_tableau(table(ann(**changes)), catalogue)

    assert error_of(answer) == (1, field)
    assert reason in answer["error"]["reason"]


def test_card_entry_needs_a_catalogue():
    answer = score_tableau(table(ann()))

    assert error_of(answer) == (1, "origin.card")
    assert "needs a card catalogue" in answer["error"]["reason"]


def test_a_path_a_card_does_not_have_is_refused(catalogue):
    player = ann()
    player["story"]["motivation"][1] = {"card": "s-stout-heart", "path": "bottom"}

    answer = score_tableau(table(player), catalogue)

    assert error_of(answer) == (1, "story.motivation.1.path")
