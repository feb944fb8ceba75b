"""What the Call to Glory entry page and the override page (``entry_page.py``,
``override_page.py``) share: the card values of a round's steppers, the reveal
choices, and one round read from a form."""

from games.call_to_glory.cards import VALUES
from games.call_to_glory.options import read_options
from games.call_to_glory.task_cards import DEFAULT_DECKS, LETTERS
from games.forms import int_field

CARD_VALUES = list(VALUES)


def card_cell(value: int, size) -> dict:
    """One card value of a seat's grid: how many cards of it were entered (as typed, or
    as stored), and whether that is a set (the cell is marked)."""
    return {"value": value, "size": size, "has_set": size not in ("0", 0)}


def task_choices() -> list[tuple[str, list[str]]]:
    """The task cards of the default decks, deck by deck, for the reveal selects."""
    return [(letter, [f"{letter}{value}" for value in DEFAULT_DECKS[letter]]) for letter in LETTERS]


def round_from_post(data, seats: int, imperial: bool, prefix: str = "") -> dict:
    """One round as the form sent it (``prefix`` tells the rounds of the override page
    apart)."""
    if data.get(f"{prefix}quick"):
        return {"scores": [int_field(data, f"{prefix}score-{seat}") for seat in range(seats)]}
    sets = []
    for seat in range(seats):
        sizes = {
            str(value): int_field(data, f"{prefix}set-{seat}-{value}") for value in CARD_VALUES
        }
        sets.append({value: size for value, size in sizes.items() if size != 0})
    round_ = {"sets": sets}
    if imperial:
        round_["reveals"] = [
            data[f"{prefix}reveal-{k}"].strip()
            for k in range(seats)
            if data.get(f"{prefix}reveal-{k}", "").strip()
        ]
    return round_


def rounds_of(options: dict) -> int | None:
    """How many rounds the event's game has (the game's default when not set; None:
    options the engine does not read)."""
    try:
        return read_options(options).rounds
    except ValueError:
        return None
