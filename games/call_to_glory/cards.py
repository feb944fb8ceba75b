"""The character cards: nine values, each value also its number of copies and its points.

Words used across the engine: a *value* is a card's printed number (6 .. 20); its
*index* ``i`` (0 .. 8) is its place in ``VALUES``. Hands and sets are lists of nine
counts indexed by value index. Piles are lists of value indexes, top card at the END.
"""

import json
import random

VALUES = (6, 7, 8, 9, 12, 14, 16, 18, 20)
INDEX = {value: i for i, value in enumerate(VALUES)}
NINJA = INDEX[14]
# Sets of these values need three cards with 3 or 4 players (the "three little dots").
THREE_CARD_VALUES = frozenset((INDEX[12], INDEX[14], INDEX[16]))
DECK_SIZE = sum(VALUES)  # 110
HAND_SIZE = 3


def copies(i: int) -> int:
    """How many cards of value index ``i`` the game has: the value itself."""
    return VALUES[i]


def the_deck() -> list[int]:
    """The 110 cards as values, in a fixed order (shuffle before use)."""
    return [value for value in VALUES for _ in range(value)]


def deal(players: int, rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
    """A shuffled round deal as values: each seat's 3 cards, and D1, D2 listed top first,
    D1 taking the odd card so the piles differ by at most one."""
    deck = the_deck()
    rng.shuffle(deck)
    hands = [deck[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(players)]
    rest = deck[HAND_SIZE * players :]
    half = (len(rest) + 1) // 2
    return hands, [rest[:half], rest[half:]]


def smallest_set(i: int, players: int) -> int:
    """The fewest cards a newly laid set of value index ``i`` may have."""
    return 3 if players >= 3 and i in THREE_CARD_VALUES else 2


def deal_fault(hands, piles, players: int, round_number: int) -> str | None:
    """Why a round's deal (values, as in a record) is not a legal deal, or None."""
    where = f"round {round_number}"
    fault = _shape_fault(hands, piles, players)
    if fault is None:
        cards = [card for hand in hands for card in hand] + piles[0] + piles[1]
        fault = _cards_fault(cards)
    return None if fault is None else f"{where}: {fault}"


def _shape_fault(hands, piles, players: int) -> str | None:
    """Why the hands and draw piles are not shaped as a deal is, or None."""
    if not isinstance(hands, list) or len(hands) != players:
        return f"hands must be a list of {players} hands, one per seat"
    if not isinstance(piles, list) or len(piles) != 2:
        return "draw_piles must be a list of two piles, D1 and D2"
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != HAND_SIZE:
            return f"seat {seat}'s hand must be a list of {HAND_SIZE} cards"
    for name, pile in zip(("D1", "D2"), piles, strict=True):
        if not isinstance(pile, list):
            return f"draw pile {name} must be a list of cards"
    if abs(len(piles[0]) - len(piles[1])) > 1:
        return (
            f"the draw piles have {len(piles[0])} and {len(piles[1])} cards;"
            " their sizes may differ by at most one"
        )
    return None


def _cards_fault(cards: list) -> str | None:
    """Why the dealt cards are not the game's deck, or None."""
    kinds = set(map(type, cards))
    if kinds == INT_ONLY and sorted(cards) == SORTED_DECK:
        return None
    if kinds - {int}:
        bad = next(card for card in cards if type(card) is not int)
        return f"{shown(bad)} is not a card value (values are {_listing()})"
    for card in cards:
        if card not in INDEX:
            return f"{card} is not a card value (values are {_listing()})"
    for value in VALUES:
        have = cards.count(value)
        if have != value:
            return f"the deal has {have} cards of {value}; the game has {value}"
    return None


INT_ONLY = {int}
SORTED_DECK = sorted(the_deck())


def _listing() -> str:
    return ", ".join(map(str, VALUES))


def shown(item) -> str:
    """A value from a document as its JSON text, shortened, for an error message."""
    try:
        text = json.dumps(item)
    except (ValueError, TypeError, RecursionError):
        text = type(item).__name__
    return text if len(text) <= 60 else text[:57] + "..."
