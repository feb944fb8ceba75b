"""Catalogue games: games stored as data, known by their scoring rules only, and one
more game type of the registry each (games.catalogue_games, games/registered/catalogue.py,
games.scores_and_places)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import scores_and_places
from games.catalogue_games import (
    do_add_catalogue_game,
    do_delete_catalogue_game,
    do_rename_catalogue_game,
    find_catalogue_game,
)
from games.registry import entry_kind, forget_catalogue, get_game
from lib.refusal import Refusal
from scoring.models import Submission

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_catalogue():
    """Each test starts from the database (a test's rows are rolled back unseen)."""
    forget_catalogue()
    yield
    forget_catalogue()


def carcassonne(by=None, **changes):
    fields = {
        "name": "Carcassonne",
        "min_players": 2,
        "max_players": 5,
        "scoring": "high",
        "ties": "share",
        "bgg_id": 822,
    }
    return do_add_catalogue_game(by, **{**fields, **changes})


def test_a_catalogue_game_is_a_game_type_of_the_registry(organiser):
    game = carcassonne(organiser)
    assert game.key.startswith("carcassonne-") and game.created_by == organiser
    assert not game.site_wide
    declared = get_game(game.key)
    assert str(declared) == "Carcassonne" and declared.is_catalogue
    assert not declared.playable_live and declared.options == ()
    assert list(declared.table_sizes) == [2, 3, 4, 5]
    assert [kind.key for kind in declared.entry_kinds] == ["scores/1", "places/1"]
    assert declared.table_kind.key == "scores/1" and declared.bgg_id == 822
    assert declared.catalogue.scoring == "high" and not declared.lower_scores_win
    assert not get_game("call-to-glory").is_catalogue
    assert list(get_game("call-to-glory").table_sizes) == [2, 3, 4]


def test_a_places_game_takes_the_finishing_order_only():
    do_add_catalogue_game(
        None, name="Ra", min_players=2, max_players=6, scoring="places", ties="tiebreak-entered"
    )
    assert [kind.key for kind in get_game("ra").entry_kinds] == ["places/1"]
    assert list(get_game("ra").table_sizes) == [2, 3, 4, 5, 6]


def test_names_are_unique_in_any_case_and_keys_never_collide():
    carcassonne()
    with pytest.raises(Refusal) as refused:
        carcassonne(name="  CARCASSONNE ", bgg_id=None)
    assert refused.value.field == "name" and refused.value.http_status == 409
    with pytest.raises(Refusal) as refused:
        carcassonne(name="call to GLORY", bgg_id=None)
    assert refused.value.field == "name"
    assert carcassonne(name="Carcassonne!", bgg_id=None).key == "carcassonne-2"
    assert carcassonne(name="Call to Glory: Redux", bgg_id=None).key == "call-to-glory-redux"
    assert carcassonne(name="Каркассон", bgg_id=None).key == "каркассон"
    long = carcassonne(name="A" * 40, bgg_id=None)
    assert long.key == "a" * 30
    assert carcassonne(name="A" * 41, bgg_id=None).key == "a" * 28 + "-2"


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": 5}, "name"),
        ({"min_players": 0}, "min_players"),
        ({"max_players": 7}, "max_players"),
        ({"max_players": 1, "min_players": 1}, "max_players"),
        ({"min_players": 4, "max_players": 3}, "min_players"),
        ({"min_players": "2"}, "min_players"),
        ({"scoring": "most"}, "scoring"),
        ({"ties": "random"}, "ties"),
        ({"bgg_id": 0}, "bgg_id"),
        ({"bgg_id": "822"}, "bgg_id"),
    ],
)
def test_a_bad_field_is_refused_by_name_and_nothing_is_added(changes, field):
    with pytest.raises(Refusal) as refused:
        carcassonne(**changes)
    assert refused.value.field == field
    assert find_catalogue_game(name="Carcassonne") is None


def test_a_bgg_id_belongs_to_one_game():
    carcassonne()
    with pytest.raises(Refusal) as refused:
        carcassonne(name="Carcassonne (big box)")
    assert refused.value.field == "bgg_id"


def test_found_by_bgg_id_else_by_name():
    game = carcassonne()
    assert find_catalogue_game(bgg_id=822) == game
    assert find_catalogue_game(bgg_id=9, name="carcassonne") == game
    assert find_catalogue_game(bgg_id=9, name="Catan") is None
    assert find_catalogue_game() is None


def test_a_rename_keeps_the_key_and_the_registry_follows():
    game = carcassonne()
    assert str(get_game("carcassonne").name) == "Carcassonne"
    do_rename_catalogue_game(game, "Carcassonne (2nd edition)")
    assert str(get_game("carcassonne").name) == "Carcassonne (2nd edition)"
    other = carcassonne(name="Catan", bgg_id=13)
    with pytest.raises(Refusal):
        do_rename_catalogue_game(other, "carcassonne (2ND edition)")
    do_rename_catalogue_game(game, "CARCASSONNE (2nd edition)")  # its own name, recased


def test_a_game_no_event_plays_is_deleted_and_one_an_event_plays_is_not(event):
    game = carcassonne()
    do_delete_catalogue_game(game)
    with pytest.raises(Refusal) as refused:
        get_game("carcassonne")
    assert refused.value.field == "game"
    game = carcassonne()
    event.game, event.table_size = game.key, 5
    event.save()
    with pytest.raises(Refusal) as refused:
        do_delete_catalogue_game(game)
    assert refused.value.http_status == 409 and "only be renamed" in str(refused.value.message)
    assert find_catalogue_game(bgg_id=822) == game


def test_the_registry_asks_the_database_once_until_a_game_is_saved():
    game = carcassonne()
    get_game("carcassonne")
    with CaptureQueriesContext(connection) as queries:
        for _ in range(20):
            get_game("carcassonne")
            get_game("call-to-glory")
    assert len(queries) == 0
    do_rename_catalogue_game(game, "Carcassonne Classic")
    with CaptureQueriesContext(connection) as queries:
        assert str(get_game("carcassonne").name) == "Carcassonne Classic"
        get_game("carcassonne")
    assert len(queries) == 1


def test_the_generic_kinds_are_submission_kinds_read_without_their_game():
    kinds = [key for key, _label in Submission.Kind.choices]
    assert "scores/1" in kinds and "places/1" in kinds
    game, kind = entry_kind("places/1")
    assert game is None and not kind.is_record
    answer = {"valid": True, "players": ["A", "B"], "totals": [0, 0], "places": [2, 1]}
    assert kind.seats(answer) == [(0, 2), (0, 1)]


def score(kind, ties, scoring="high", **entry):
    name = f"{scoring} {ties}"
    game = find_catalogue_game(name=name) or carcassonne(
        scoring=scoring, ties=ties, bgg_id=None, name=name
    )
    entry_kind_ = get_game(game.key).entry_kind(kind)
    document = entry_kind_.complete(entry, ["Ann", "Ben", "Cat"], None)
    return entry_kind_.score(document, None)


def test_high_scores_win_and_equal_scores_share_a_place():
    answer = score("scores/1", "share", scores=[31, 24, 31])
    assert answer == {
        "valid": True,
        "players": ["Ann", "Ben", "Cat"],
        "totals": [31, 24, 31],
        "places": [1, 3, 1],
    }


def test_low_scores_win_as_in_golf():
    assert score("scores/1", "share", "low", scores=[72, 68, 80])["places"] == [2, 1, 3]


def test_an_entered_tiebreak_decides_equal_scores():
    answer = score("scores/1", "tiebreak-entered", scores=[31, 24, 31], tiebreaks=[2, 0, 5])
    assert answer["places"] == [2, 3, 1]
    answer = score("scores/1", "tiebreak-entered", "low", scores=[70, 70, 75], tiebreaks=[1, 2, 0])
    assert answer["places"] == [2, 1, 3]
    still = score("scores/1", "tiebreak-entered", scores=[31, 24, 31])
    assert not still["valid"] and still["error"]["seat"] == 2
    assert "tied" in still["error"]["reason"]


def test_the_finishing_order_is_places_one_per_seat():
    assert score("places/1", "share", "places", places=[2, 1, 3])["places"] == [2, 1, 3]
    assert score("places/1", "share", "places", places=[1, 3, 1])["valid"]
    shared = score("places/1", "tiebreak-entered", "places", places=[1, 3, 1])
    assert not shared["valid"] and shared["error"]["seat"] == 2
    skipped = score("places/1", "share", "places", places=[1, 1, 2])
    assert not skipped["valid"] and skipped["error"]["seat"] == 2


@pytest.mark.parametrize(
    "entry",
    [
        {},
        {"scores": [1, 2]},
        {"scores": [1, 2, "3"]},
        {"scores": [1, 2, True]},
        {"scores": [1, 2, 10**9]},
        {"scores": "1 2 3"},
    ],
)
def test_scores_are_one_whole_number_per_seat(entry):
    answer = score("scores/1", "share", **entry)
    assert not answer["valid"] and answer["error"]["reason"]


def test_a_document_scores_alone():
    document = {
        "format": "scores/1",
        "players": ["A", "B"],
        "scoring": "low",
        "ties": "share",
        "scores": [3, 3],
    }
    assert scores_and_places.score(document)["places"] == [1, 1]
