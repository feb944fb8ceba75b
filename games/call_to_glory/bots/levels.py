"""The levels people choose an opponent by, and the search bot as it first shipped.

Each is a fixed configuration of a bot kind (no settings of its own), so "Hard" means
the same opponent from one game to the next; docs/bots.md gives their measured
strength against each other.
"""

from .base import BuiltinBot, gettext_noop, preset
from .greedy import GreedyBot
from .search import SearchBot


class Fixed(BuiltinBot):
    """A bot kind with its settings fixed: it accepts none, and uses ``preset``. Put it
    before the kind it fixes (``class MediumBot(Fixed, GreedyBot)``), which ``kind``
    names again."""

    kind: type[BuiltinBot]
    fixed: dict = {}
    options: dict = {}

    def __init__(self, seed: int = 0, **settings):
        super().__init__(seed, **settings)  # no options: any setting is refused
        self.settings = preset(self.kind, **self.fixed)


class MediumBot(Fixed, GreedyBot):
    key = "medium"
    name = gettext_noop("Medium")
    description = gettext_noop(
        "A steady player: it keeps the cards that can make sets, lays when a set is "
        "safe enough, and does not feed the others."
    )
    kind = GreedyBot


SEARCH_V1 = {
    "iterations": 45,
    "table_iterations": 45,
    "time_limit_ms": 0,
    "horizon": 100,
    "candidates": 3,
    "confidence": 1.5,
    "win_bonus": 30.0,
    "hand_weight": 0.5,
    "inference": False,
    "table_memory": False,
    "learned": False,
    "race": False,
}


class HardBot(Fixed, SearchBot):
    key = "hard"
    name = gettext_noop("Hard")
    description = gettext_noop(
        "Thinks ahead: before each play it tries its options in dozens of imagined "
        "games, guessing the hidden cards from what the others took and threw away."
    )
    kind = SearchBot
    # Written out (as the first version's plus what came after), so that a change of
    # the search bot's defaults does not change Hard.
    fixed = {
        **SEARCH_V1,
        "table_iterations": 30,
        "inference": True,
        "table_memory": True,
        "learned": True,
        "race": True,
    }


class SearchV1Bot(Fixed, SearchBot):
    """The search bot as first measured (65.2% against greedy heads-up, docs/bots.md),
    kept to measure later versions against."""

    key = "search-v1"
    name = gettext_noop("Search (first version)")
    description = gettext_noop("The first search bot, kept to compare later versions with.")
    kind = SearchBot
    fixed = SEARCH_V1
