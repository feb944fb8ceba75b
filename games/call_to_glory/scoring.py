"""Scores of a round, the next start player, and the places at the game's end."""

from .cards import VALUES
from .task_cards import task_bonus


def base_score(sets_of_seat) -> int:
    """The sum of the values of the sets in front of a seat, whatever their sizes."""
    return sum(VALUES[i] for i, count in enumerate(sets_of_seat) if count)


def round_scores(sets, revealed) -> tuple[list[int], list[int], list[int]]:
    """(base, bonus, scores) of every seat, given the sets and the round's revealed tasks."""
    base = [base_score(row) for row in sets]
    bonus = [task_bonus(revealed, row) for row in sets]
    return base, bonus, [b + t for b, t in zip(base, bonus, strict=True)]


def start_player(totals, last_scores, previous_start: int) -> int:
    """The next round's start player: the lowest total; tie: the lowest score in the round
    just played; still tied: the first of them in seat order counting from (and with) the
    previous round's start player."""
    n = len(totals)
    order = [(previous_start + k) % n for k in range(n)]
    return min(order, key=lambda seat: (totals[seat], last_scores[seat]))


def places(totals, best) -> list[int]:
    """Each seat's place by (total, best single round), equal pairs sharing: 1, 1, 3."""
    keys = list(zip(totals, best, strict=True))
    return [1 + sum(other > key for other in keys) for key in keys]
