"""Importing an organiser's card catalogue from CSV or JSON; faults reported by row."""

import json
from pathlib import Path

import pytest

from games.call_to_adventure import CatalogueError, load_catalogue
from games.call_to_adventure.catalogue import EXAMPLE_CATALOGUE, Kind

EXAMPLE_CSV = EXAMPLE_CATALOGUE.with_suffix(".csv")
HEADER = "id,name,kind,path,triumph,tragedy,story_icons,abilities,requirements\n"


def problems(source, fmt=None) -> list[str]:
    with pytest.raises(CatalogueError) as caught:
        load_catalogue(source, fmt)
    return [str(problem) for problem in caught.value.problems]


def test_the_example_catalogue_is_labelled_invented():
    data = json.loads(EXAMPLE_CATALOGUE.read_text())
    catalogue = load_catalogue(EXAMPLE_CATALOGUE)

    assert catalogue.invented is True
    assert "INVENTED" in catalogue.title
    assert "INVENTED" in data["note"]
    assert "INVENTED" in EXAMPLE_CSV.read_text().splitlines()[0]


def test_the_example_catalogue_has_enough_cards_for_a_demo():
    kinds = [card.kind for card in load_catalogue(EXAMPLE_CATALOGUE).cards.values()]

    assert kinds.count(Kind.ORIGIN) >= 3
    assert kinds.count(Kind.MOTIVATION) >= 3
    assert kinds.count(Kind.DESTINY) >= 3
    assert kinds.count(Kind.STORY) >= 20


def test_the_csv_and_json_example_catalogues_hold_the_same_cards():
    from_csv = load_catalogue(EXAMPLE_CSV)
    from_json = load_catalogue(EXAMPLE_CATALOGUE)

    assert from_csv.cards == from_json.cards


def test_a_challenge_is_two_csv_rows_with_one_id():
    card = load_catalogue(EXAMPLE_CSV)["s-bog-crossing"]

    assert set(card.paths) == {"top", "bottom"}
    assert card.paths["bottom"].tragedy == 2
    assert card.paths["bottom"].story_icons == {"villainy": 1}


def test_csv_icons_may_repeat_or_count():
    text = HEADER + "s-1,Twice Green,story,top,1,0,nature;nature,strength*2,\n"

    card = load_catalogue(text, "csv")["s-1"]

    assert card.paths["top"].story_icons == {"nature": 2}
    assert card.paths["top"].abilities == {"strength": 2}


def test_csv_faults_are_reported_by_row_and_column_the_header_being_row_1():
    text = (
        HEADER
        + "s-1,Fine,story,top,1,0,nature,,\n"
        + "s-2,Bad Points,story,top,x,0,,,\n"
        + "s-3,Bad Icon,story,top,1,0,music,,\n"
        + "s-4,Bad Kind,villain,top,1,0,,,\n"
    )

    assert problems(text, "csv") == [
        "row 3, column triumph: 'x' is not a whole number",
        "row 4, column story_icons: 'music' is not one of the profile's icons "
        "(divinity, justice, nature, arcana, royalty, villainy)",
        "row 5, column kind: 'villain' is not a kind "
        "(origin, motivation, destiny, story, ally, adversary)",
    ]


def test_row_7_with_a_bad_triumph_is_named_row_7(tmp_path: Path):
    rows = "".join(f"s-{n},Card {n},story,top,1,0,,,\n" for n in range(1, 6))
    path = tmp_path / "cards.csv"
    path.write_text(HEADER + rows + "s-6,Card 6,story,top,x,0,,,\n")

    assert problems(path) == ["row 7, column triumph: 'x' is not a whole number"]


def test_csv_refuses_an_unknown_column():
    assert problems("id,name,kind,glory\n", "csv") == [
        "row 1, column glory: unknown column 'glory'"
    ]


def test_a_destiny_card_needs_requirements_and_only_it_has_them():
    text = (
        HEADER
        + "d-1,No Aim,destiny,top,1,0,,,\n"
        + "s-1,Wishful,story,top,1,0,,,5 triumph if strength >= 1\n"
    )

    assert problems(text, "csv") == [
        "row 2, column requirements: a Destiny card needs its requirements",
        "row 3, column requirements: only a Destiny card has requirements",
    ]


def test_json_faults_are_reported_by_card_row_and_key():
    cards = [
        {"id": "s-1", "name": "Fine", "kind": "story", "paths": {"top": {"triumph": 1}}},
        {"id": "s-2", "name": "Bad", "kind": "story", "paths": {"top": {"triumph": "x"}}},
        {"id": "s-1", "name": "Again", "kind": "story", "paths": {"top": {}}},
        {"id": "s-4", "name": "Odd", "kind": "story", "paths": {"side": {}}},
    ]

    assert problems({"cards": cards}) == [
        "row 2, column paths.top.triumph: 'x' is not a whole number",
        "row 3, column id: 's-1' is already the id of another card",
        "row 4, column paths.side: a path is 'top' or 'bottom', not 'side'",
    ]


def test_json_destiny_requirements_with_tiers():
    card = {
        "id": "d-1",
        "name": "Tiered",
        "kind": "destiny",
        "paths": {"top": {}},
        "requirements": [
            {
                "icon": "nature",
                "tiers": [{"at_least": 2, "triumph": 2}, {"at_least": 4, "triumph": 4}],
            }
        ],
    }

    (requirement,) = load_catalogue([card])["d-1"].requirements

    assert [tier.at_least for tier in requirement.tiers] == [2, 4]


def test_json_text_is_recognised():
    assert len(load_catalogue(EXAMPLE_CATALOGUE.read_text())) == 32
