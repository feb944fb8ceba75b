"""Moves as record strings (``"0 lay 9 2"``) and as small integers for fast play.

An *action* is an int in ``range(ACTIONS)`` and leaves the seat implied (the seat that
decides now); a *move* is the record string, seat included. Every canonical move string
of seats 0 .. 3 is precomputed both ways, so turning one into the other is a lookup.
"""

import re

from .cards import INDEX, VALUES

PILES = ("D1", "D2", "X1", "X2")
D1, D2, X1, X2 = range(4)
MAX_SET = max(VALUES)

DRAW = 0  # + pile (0..3)
DISCARD = 4  # + 2 * i + (pile - 2)
PILE = 22  # + (pile - 2)
END = 24
LAY = 25  # + 21 * i + k
NINJA = LAY + 9 * (MAX_SET + 1)  # + 9 * target + i
REVEAL = NINJA + 9 * 4  # + 9 * deck + i
ACTIONS = REVEAL + 27
MAX_SEATS = 4


def draw(pile: int) -> int:
    return DRAW + pile


def discard(i: int, pile: int) -> int:
    return DISCARD + 2 * i + pile - 2


def pile(p: int) -> int:
    return PILE + p - 2


def lay(i: int, k: int) -> int:
    return LAY + (MAX_SET + 1) * i + k


def ninja(target: int, i: int) -> int:
    return NINJA + 9 * target + i


def reveal(deck: int, i: int) -> int:
    return REVEAL + 9 * deck + i


def _body(action: int) -> str:
    if action < DISCARD:
        return f"draw {PILES[action]}"
    if action < PILE:
        i, p = divmod(action - DISCARD, 2)
        return f"discard {VALUES[i]} {PILES[p + 2]}"
    if action < END:
        return f"pile {PILES[action - PILE + 2]}"
    if action == END:
        return "end"
    if action < NINJA:
        i, k = divmod(action - LAY, MAX_SET + 1)
        return f"lay {VALUES[i]} {k}"
    if action < REVEAL:
        t, i = divmod(action - NINJA, 9)
        return f"ninja {t} {VALUES[i]}"
    d, i = divmod(action - REVEAL, 9)
    return f"reveal {'ABC'[d]}{VALUES[i]}"


BODIES = tuple(_body(a) for a in range(ACTIONS))
STRINGS = tuple(tuple(f"{s} {body}" for body in BODIES) for s in range(MAX_SEATS))
LOOKUP = {STRINGS[s][a]: (s, a) for s in range(MAX_SEATS) for a in range(ACTIONS)}


def move_to_string(seat: int, action: int) -> str:
    return STRINGS[seat][action]


class MoveSyntaxError(ValueError):
    pass


_NUMBER = r"(0|[1-9][0-9]*)"
_FORMS = (
    ("draw", re.compile(rf"{_NUMBER} draw (D1|D2|X1|X2)")),
    ("discard", re.compile(rf"{_NUMBER} discard {_NUMBER} (X1|X2)")),
    ("pile", re.compile(rf"{_NUMBER} pile (X1|X2)")),
    ("end", re.compile(rf"{_NUMBER} end")),
    ("lay", re.compile(rf"{_NUMBER} lay {_NUMBER} {_NUMBER}")),
    ("ninja", re.compile(rf"{_NUMBER} ninja {_NUMBER} {_NUMBER}")),
    ("reveal", re.compile(rf"{_NUMBER} reveal (\S+)")),
)
USAGE = (
    'a move is "SEAT draw PILE", "SEAT lay VALUE COUNT", "SEAT discard VALUE X1|X2", '
    '"SEAT pile X1|X2", "SEAT ninja SEAT VALUE", "SEAT end" or "SEAT reveal TASK", '
    "written with single spaces and plain numbers"
)


def string_to_move(text: str) -> tuple[int, int]:
    """``(seat, action)`` of a canonical move string; MoveSyntaxError with a reason if it is
    not one (the seat is not checked against the table here, only against 0 .. 3)."""
    found = LOOKUP.get(text) if type(text) is str else None
    if found is not None:
        return found
    raise MoveSyntaxError(_why_not(text))


def _why_not(text) -> str:
    if type(text) is not str:
        return "a move must be a string"
    for verb, form in _FORMS:
        match = form.fullmatch(text)
        if not match:
            continue
        seat = int(match[1])
        if seat >= MAX_SEATS:
            return f"there is no seat {seat}"
        if verb == "reveal":
            return f"{match[2]} is not a task card name like A7"
        numbers = [int(g) for g in match.groups()[1:] if g.isdigit()]
        if verb == "ninja" and numbers[0] >= MAX_SEATS:
            return f"there is no seat {numbers[0]}"
        value = numbers[1] if verb == "ninja" else numbers[0] if numbers else None
        if value is not None and value not in INDEX:
            return f"{value} is not a card value (values are {', '.join(map(str, VALUES))})"
        if verb == "lay":
            return f"there are only {value} cards of {value}"
        return USAGE  # pragma: no cover - every other canonical form is in LOOKUP
    if text.split(" ", 2)[1:2] == ["discard"] and re.fullmatch(r"\S+ discard \S+ D[12]", text):
        return "a card is discarded to X1 or X2, never to a draw pile"
    return f"not a move: {USAGE}"
