"""The game registry: each game declared once, with its options, entry kinds and one
answer shape per seat, which everything outside games/ asks instead of naming a game."""

import json
from pathlib import Path

import pytest

from games.declaring import Rules, SeatScore
from games.models import GameKey
from games.registry import REGISTRY, entry_kind, get_game
from lib.refusal import Refusal
from scoring.models import Submission
from tests.games.call_to_adventure.examples import RIVAL, SUZANNE
from tests.scoring.conftest import RULEBOOK_ROUND

RECORD = Path(__file__).parent / "call_to_glory/fixtures/rulebook-60-36.json"
GLORY = get_game("call-to-glory")
ADVENTURE = get_game("call-to-adventure")


def test_the_model_choices_are_the_registrys_games_and_entry_kinds():
    assert [key for key, _label in GameKey.choices] == list(REGISTRY)
    assert GameKey.CALL_TO_GLORY == "call-to-glory"
    kinds = [kind.key for game in REGISTRY.values() for kind in game.entry_kinds]
    kinds += ["scores/1", "places/1"]  # every catalogue game's (games/registered/catalogue.py)
    assert [key for key, _label in Submission.Kind.choices] == kinds
    assert len(set(kinds)) == len(kinds)


@pytest.mark.django_db  # an unknown key is looked for in the catalogue of games
def test_an_unknown_game_or_entry_kind_is_a_refusal():
    with pytest.raises(Refusal) as refused:
        get_game("chess")
    assert refused.value.field == "game"
    with pytest.raises(Refusal):
        entry_kind("chess/1")
    with pytest.raises(Refusal):
        ADVENTURE.entry_kind(GLORY.table_kind.key)


def test_call_to_glory_declares_rounds_with_the_quick_game_imperial_tasks_and_ninja():
    options = {option.key: option for option in GLORY.options}
    assert list(options) == ["rounds", "imperial_tasks", "ninja"]
    assert [value for value, _label in options["rounds"].choices] == [1, 2, 3, 4]
    assert "Quick Game" in str(options["rounds"].choices[0][1])
    assert options["ninja"].is_flag and options["imperial_tasks"].is_flag
    assert all(str(option.help_text) for option in GLORY.options)
    assert GLORY.playable_live and not ADVENTURE.playable_live
    assert ADVENTURE.options == () and ADVENTURE.has_rules_profile


def test_options_are_checked_against_the_games_own():
    assert GLORY.check_options({"rounds": 1, "ninja": True}) == {"rounds": 1, "ninja": True}
    assert GLORY.check_options(None) == {}
    for bad, field in [
        ({"rounds": 5}, "rules_options.rounds"),
        ({"rounds": "1"}, "rules_options.rounds"),
        ({"rounds": True}, "rules_options.rounds"),
        ({"ninja": "yes"}, "rules_options.ninja"),
        ({"speed": 2}, "rules_options"),
        ([1], "rules_options"),
    ]:
        with pytest.raises(Refusal) as refused:
            GLORY.check_options(bad)
        assert refused.value.field == field, bad
    with pytest.raises(Refusal):
        ADVENTURE.check_options({"rounds": 1})


def test_the_option_form_fields_give_back_the_options():
    fields = GLORY.option_fields()
    assert list(fields) == ["rounds", "imperial_tasks", "ninja"]
    cleaned = {
        name: field.clean(raw)
        for (name, field), raw in zip(fields.items(), ["1", "on", ""], strict=True)
    }
    assert GLORY.options_from_form(cleaned) == {
        "rounds": 1,
        "imperial_tasks": True,
        "ninja": False,
    }
    default = {name: field.clean("") for name, field in fields.items()}
    assert GLORY.options_from_form(default) == {"imperial_tasks": False, "ninja": False}


def test_every_entry_kind_reads_its_answer_as_a_score_and_a_place_per_seat():
    rules = Rules(options={"rounds": 1})
    table = GLORY.table_kind
    document = table.complete(RULEBOOK_ROUND, ["ann", "ben"], rules)
    assert document["options"] == {"rounds": 1}
    assert table.seats(table.score(document, rules)) == [SeatScore(60, 1), SeatScore(36, 2)]

    record = GLORY.record_kind
    answer = record.score(json.loads(RECORD.read_text()), rules)
    assert record.seats(answer) == [SeatScore(60, 1), SeatScore(36, 2)]

    tableaux = ADVENTURE.table_kind
    document = tableaux.complete({"players": [SUZANNE, RIVAL]}, ["ann", "ben"], Rules())
    answer = tableaux.score(document, Rules())
    assert tableaux.players(answer) == ["ann", "ben"]
    assert tableaux.seats(answer)[0] == SeatScore(40, 2)
    assert ADVENTURE.record_kind is None
