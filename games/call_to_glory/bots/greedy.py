"""The greedy bot: the tactics' one-ply choice, on the public model of its view."""

from . import tactics
from .base import BuiltinBot, gettext_noop
from .decide import greedy_move
from .sampling import public_world
from .seen import read_view


class GreedyBot(BuiltinBot):
    key = "greedy"
    quick = True
    name = gettext_noop("Greedy")
    description = gettext_noop("Rules of thumb, one move ahead (the Medium level, with settings).")
    options = {}

    def choose(self, view: dict) -> str:
        legal = view["legal_moves"]
        if len(legal) == 1:
            return legal[0]
        seen = read_view(view)
        if seen.kind == "pile":
            return seen.pile_move(tactics.choose_place(public_world(seen.known), *seen.placing))
        if seen.kind == "reveal":
            return seen.reveal_move(
                tactics.choose_reveal(public_world(seen.known), *seen.revealing)
            )
        return greedy_move(seen.known, legal)
