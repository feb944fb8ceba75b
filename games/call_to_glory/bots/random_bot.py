"""The random bot: any legal move, each equally likely."""

from .base import Bot


class RandomBot(Bot):
    key = "random"
    name = "Random"
    options = {}

    def choose(self, view: dict) -> str:
        return self.rng.choice(view["legal_moves"])
