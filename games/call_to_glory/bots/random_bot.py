"""The random bot: any legal move, each equally likely."""

from .base import BuiltinBot, gettext_noop


class RandomBot(BuiltinBot):
    key = "random"
    quick = True
    name = gettext_noop("Random")
    description = gettext_noop("Plays any legal move at random (for testing).")
    options = {}

    def choose(self, view: dict) -> str:
        return self.rng.choice(view["legal_moves"])
