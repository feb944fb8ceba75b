"""Built-in bots for Call to Glory, chosen by key from a registry.

    from games.call_to_glory.bots import BOTS, make_bot
    bot = make_bot("greedy", seed=3)
    move = bot.choose(state.view(seat))   # one of view["legal_moves"]

A bot sees only the view of its seat (the information set), never hidden cards; a
search bot samples the hidden cards consistently with that view. See docs/bots.md.
"""

from .base import BuiltinBot
from .beginner import BeginnerBot
from .easy import EasyBot
from .greedy import GreedyBot
from .levels import HardBot, MediumBot, SearchV1Bot
from .random_bot import RandomBot
from .search import SearchBot

# The bots people may seat: the levels first, then the bots by method.
BOTS: dict[str, type[BuiltinBot]] = {
    bot.key: bot
    for bot in (EasyBot, MediumBot, HardBot, RandomBot, GreedyBot, SearchBot, SearchV1Bot)
}
# Bots only the benchmarks and tests play (yardsticks, not opponents for people).
YARDSTICKS: dict[str, type[BuiltinBot]] = {BeginnerBot.key: BeginnerBot}


def make_bot(key: str, seed: int = 0, **settings) -> BuiltinBot:
    """A new bot of kind ``key``; ValueError for an unknown key or setting."""
    try:
        kind = BOTS[key] if key in BOTS else YARDSTICKS[key]
    except KeyError:
        raise ValueError(f"there is no bot {key!r} (the bots: {', '.join(sorted(BOTS))})") from None
    return kind(seed=seed, **settings)


__all__ = ["BOTS", "BuiltinBot", "make_bot"]
