"""Variant 1, Imperial Tasks: the task decks (one data table), the deal, reveals, bonuses.

A task is held as ``(deck, i)``: deck 0, 1, 2 for A, B, C and the value index ``i`` it
names; it is written ``A7`` (deck letter, value).
"""

import random

from .cards import INDEX, VALUES, shown

# The one data table of the 12 task cards (the rulebook's pictures are lost; spec default).
DEFAULT_DECKS = {"A": (6, 7, 8, 9), "B": (12, 14, 16, 9), "C": (16, 18, 20, 12)}
LETTERS = ("A", "B", "C")
POINTS = (5, 4, 3)  # per card in the named set, for decks A, B, C


def task_name(task: tuple[int, int]) -> str:
    return f"{LETTERS[task[0]]}{VALUES[task[1]]}"


def parse_task(name) -> tuple[int, int] | None:
    """``(deck, i)`` for a strictly written name like ``A7``; None if it is not one."""
    return TASKS_BY_NAME.get(name) if type(name) is str else None


TASKS_BY_NAME = {f"{letter}{value}": (d, i) for d, letter in enumerate(LETTERS)
                 for i, value in enumerate(VALUES)}  # fmt: skip


def decks_fault(decks) -> str | None:
    """Why a ``task_decks`` object is not three decks A, B, C of card values, or None."""
    if not isinstance(decks, dict) or sorted(decks) != list(LETTERS):
        return "task_decks must be an object with exactly the keys A, B and C"
    for letter in LETTERS:
        deck = decks[letter]
        if not isinstance(deck, list):
            return f"task deck {letter} must be a list of card values"
        for value in deck:
            if type(value) is not int or value not in INDEX:
                return f"task deck {letter}: {shown(value)} is not a card value"
    return None


def deal_tasks(players: int, decks: dict, rng: random.Random) -> list[list[tuple[int, int]]]:
    """One card of each deck per seat, the rest unused (dealt once, at the game's start)."""
    dealt: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    for d, letter in enumerate(LETTERS):
        deck = list(decks[letter])
        if len(deck) < players:
            raise ValueError(f"task deck {letter} has {len(deck)} cards for {players} players")
        rng.shuffle(deck)
        for seat in range(players):
            dealt[seat].append((d, INDEX[deck[seat]]))
    return dealt


def dealt_tasks_fault(tasks, players: int, decks: dict) -> str | None:
    """Why a record's ``tasks`` entry is not a legal task deal, or None."""
    if not isinstance(tasks, list) or len(tasks) != players:
        return f"tasks must be a list of {players} entries, one per seat"
    left = {letter: list(decks[letter]) for letter in LETTERS}
    for seat, entry in enumerate(tasks):
        if not isinstance(entry, list) or len(entry) != 3:
            return f"seat {seat}'s tasks must be a list of three task cards"
        seen = set()
        for name in entry:
            task = parse_task(name)
            if task is None:
                return f"seat {seat}: {shown(name)} is not a task card name like A7"
            letter = LETTERS[task[0]]
            if letter in seen:
                return f"seat {seat} holds two task cards of deck {letter}"
            seen.add(letter)
            value = VALUES[task[1]]
            if value not in left[letter]:
                if value in decks[letter]:
                    return f"task card {name} is dealt more often than deck {letter} holds it"
                return f"task card {name} is not in deck {letter}"
            left[letter].remove(value)
    return None


def reveal_order(start: int, players: int, unrevealed) -> list[int]:
    """Who reveals at the end of a round: from its start player clockwise, every seat that
    still holds an unrevealed task."""
    order = [(start + k) % players for k in range(players)]
    return [seat for seat in order if unrevealed[seat]]


def task_bonus(revealed, sets_of_seat) -> int:
    """A seat's bonus for the round's revealed tasks: points per card of the named set."""
    return sum(POINTS[d] * sets_of_seat[i] for d, i in revealed)
