"""The engines speak English (their JSON is the specs' contract); what they say to
people reaches them in the reader's language, with seats named, not numbered."""

import random
import re
import string

import pytest
from django.test import Client
from django.utils import translation

from games import scores_and_places
from games.call_to_glory import IllegalMove, new_game
from games.call_to_glory.table import score_table
from games.reasons import TEMPLATES, told

PARAMS = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("english", [english for english, _ in TEMPLATES])
def test_every_known_reason_is_told_in_german_and_russian(english):
    sample = english.format(**{name: "7" for name in PARAMS.findall(english)})
    for language in ("de", "ru"):
        with translation.override(language):
            said = told(sample, ["Anna", "Boris"])
        assert said != sample and "%(" not in said, (language, said)


def test_a_reason_no_template_knows_is_shown_as_the_engine_gave_it():
    with translation.override("de"):
        assert told("something new went wrong") == "something new went wrong"


def real_table_faults():
    """Reasons the real-table scorer gives for tables people can enter on the page."""
    tables = [
        [{"20": 2}, {"20": 3}],  # one value in front of two seats
        [{"20": 21}, {}],  # more cards than the game has
        [{"20": 1}, {}],  # a set of one card
        [{v: 2 for v in ("20", "18", "16", "14", "12", "9", "8")}, {}],  # past the threshold
    ]
    for sets in tables:
        answer = score_table(
            {
                "format": "call-to-glory-table/1",
                "players": ["Ann", "Ben"],
                "rounds": [{"sets": sets}],
            }  # fmt: skip
        )
        if not answer["valid"]:
            yield answer["error"]["reason"]


def real_move_refusals():
    state = new_game(["Ann", "Ben"], rng=random.Random(1))
    for move in ["1 draw D1", "0 lay 20 2", "0 end", "0 ninja 1 20", "0 reveal A7"]:
        try:
            state.apply(move)
        except IllegalMove as refused:
            yield refused.reason


def catalogue_entry_faults():
    """Reasons a catalogue game's scores or places are refused for (scores_and_places)."""
    documents = [
        {"format": "scores/1", "scores": [1]},
        {"format": "scores/1", "scores": [1, "x"]},
        {"format": "scores/1", "ties": "tiebreak-entered", "scores": [3, 3]},
        {"format": "scores/1", "ties": "tiebreak-entered", "scores": [3, 3], "tiebreaks": [1]},
        {"format": "scores/1", "ties": "tiebreak-entered", "scores": [3, 3], "tiebreaks": [1, "x"]},
        {"format": "places/1", "places": [1]},
        {"format": "places/1", "places": [1, 3]},
        {"format": "places/1", "ties": "tiebreak-entered", "places": [1, 1]},
        {"format": "places/1", "places": [2, 2]},
    ]
    for document in documents:
        yield scores_and_places.score({**document, "players": ["Ann", "Ben"]})["error"]["reason"]


@pytest.mark.parametrize("source", [real_table_faults, real_move_refusals, catalogue_entry_faults])
def test_what_the_engines_really_say_is_known(source):
    reasons = list(source())
    assert len(reasons) >= 3
    with translation.override("de"):
        unknown = [reason for reason in reasons if told(reason, ["Ann", "Ben"]) == reason]
    assert not unknown, f"add these to games/reasons.py: {unknown}"


@pytest.mark.django_db
def test_an_impossible_table_is_explained_in_german_beside_the_seat(table, player):
    client = Client(headers={"accept-language": "de"})
    client.force_login(player)
    response = client.post(
        f"/scoring/tables/{table.pk}/glory/preview/",
        {"set-0-20": "2", "set-1-20": "3", **{f"score-{i}": "" for i in range(2)}},
    )
    html = response.content.decode()
    assert "ein Satz 20 liegt vor Pat Player und vor Quinn Player" in html
    assert not set(string.digits) & set(re.findall(r"seats? (\d)", html))
