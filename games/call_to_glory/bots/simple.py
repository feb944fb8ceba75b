"""Reading a view the way a person at the table would: the legal moves grouped by
kind, the hand as counts per value, the table's sets and the discard piles' tops.

The easy bot and the beginner (the rulebook's tips, a yardstick for the easy level)
decide on this, not on the search bots' model: their rules are a person's rules.
"""

from collections import Counter


class Table:
    """One decision's view, in a person's terms."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["seat"]
        self.n = len(view["players"])
        self.hand = Counter(view.get("hand") or [])
        self.moves: dict[str, list[list[str]]] = {}
        for move in view["legal_moves"]:
            words = move.split()
            self.moves.setdefault(words[1], []).append(words)

    def top(self, pile: str):
        """The value on top of discard pile ``X1`` or ``X2`` (None when empty)."""
        return self.view["discard_piles"][0 if pile == "X1" else 1]["top"]

    def set_size(self, seat: int, value: int) -> int:
        return self.view["sets"][seat].get(str(value), 0)

    def opponents(self) -> list:
        return [seat for seat in range(self.n) if seat != self.me]

    def whole_lays(self) -> list:
        """The lays of every card of a value in hand (the only lays a person makes)."""
        return [w for w in self.moves.get("lay", []) if int(w[3]) == self.hand[int(w[2])]]

    def ninja_on_best_set(self) -> list | None:
        """The ninja use that removes a card from the opponents' most valuable set."""
        uses = self.moves.get("ninja", [])
        return max(uses, key=lambda w: (int(w[3]), -int(w[2]))) if uses else None

    def draw_pile(self) -> list | None:
        """A blind draw from the bigger draw pile (the first one when equal); None when
        neither draw pile may be drawn from."""
        blind = [w for w in self.moves.get("draw", []) if w[2] in ("D1", "D2")]
        sizes = self.view["draw_piles"]
        return max(blind, key=lambda w: sizes[int(w[2][1]) - 1]) if blind else None

    def matching_tops(self) -> list:
        """Draws from a discard pile whose top matches a card in hand, best value first."""
        found = []
        for w in self.moves.get("draw", []):
            if w[2] in ("X1", "X2"):
                top = self.top(w[2])
                if top is not None and self.hand[top]:
                    found.append((top, w))
        return [w for _, w in sorted(found, key=lambda item: -item[0])]


def text(words: list) -> str:
    return " ".join(words)
