"""The beginner: a player who follows the rulebook's advice and nothing more.

Not offered to people; it is the yardstick the easy level must lose to (the benchmark
plays them). The rulebook's one tip is to choose a discard carefully, "remembering that
this card can be picked up on a future turn"; a beginner also takes a face-up card that
matches the hand, lays a set as soon as possible, and reveals the task that pays most.
"""

from games.call_to_glory.task_cards import LETTERS, POINTS

from .base import BuiltinBot
from .simple import Table, text


class BeginnerBot(BuiltinBot):
    key = "beginner"
    quick = True
    name = "Beginner"
    description = "Follows the rulebook's advice (a yardstick for the easy level)."
    options = {}

    def choose(self, view: dict) -> str:
        legal = view["legal_moves"]
        if len(legal) == 1:
            return legal[0]
        table = Table(view)
        moves = table.moves
        if "reveal" in moves:
            return text(max(moves["reveal"], key=lambda w: self._bonus(table, w[2])))
        if "pile" in moves:
            return legal[0]
        use = table.ninja_on_best_set()
        if use is not None:
            return text(use)
        if "draw" in moves:
            matching = table.matching_tops()
            if matching:
                return text(matching[0])
            return text(table.draw_pile() or moves["draw"][0])
        lays = table.whole_lays()
        if lays:
            return text(max(lays, key=lambda w: int(w[2])))
        if "discard" in moves:
            return text(min(moves["discard"], key=lambda w: self._discard_cost(table, w)))
        return legal[0]

    @staticmethod
    def _bonus(table: Table, task: str) -> int:
        points = POINTS[LETTERS.index(task[0])]
        return points * table.set_size(table.me, int(task[1:]))

    @staticmethod
    def _discard_cost(table: Table, words: list) -> tuple:
        """Keep pairs; give away first a card the next player already holds a set of
        (he cannot start a set with it), then the card of least value."""
        value = int(words[2])
        following = (table.me + 1) % table.n
        return (table.hand[value], table.set_size(following, value) == 0, value, words[3])
