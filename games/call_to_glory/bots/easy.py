"""The easy bot: a newcomer's game. It plays by sight, not by counting cards."""

from .base import BuiltinBot, gettext_noop
from .simple import Table, text

# How often it notices a useful card on a discard pile, and uses a ninja when it can.
NOTICES_TOP = 0.5
USES_NINJA = 0.3


class EasyBot(BuiltinBot):
    """Moves a person new to the game makes: it lays a set the moment it has one, keeps
    its pairs, usually picks up a card that matches its hand, and throws away any
    single card without thinking about who could use it. Every move is one a person
    might make; it simply never counts cards, weighs a threat, or watches the score."""

    key = "easy"
    quick = True
    name = gettext_noop("Easy")
    description = gettext_noop(
        "Plays like someone learning the game: lays a set as soon as it can and "
        "does not watch what the others collect."
    )
    options = {}

    def choose(self, view: dict) -> str:
        legal = view["legal_moves"]
        if len(legal) == 1:
            return legal[0]
        table = Table(view)
        moves = table.moves
        rng = self.rng
        if "pile" in moves or "reveal" in moves:
            return rng.choice(legal)
        use = table.ninja_on_best_set()
        if use is not None and rng.random() < USES_NINJA:
            return text(use)
        if "draw" in moves:
            matching = table.matching_tops()
            if matching and rng.random() < NOTICES_TOP:
                return text(matching[0])
            blind = [w for w in moves["draw"] if w[2] in ("D1", "D2")]
            return text(rng.choice(blind or moves["draw"]))
        lays = table.whole_lays()
        if lays:
            return text(max(lays, key=lambda w: int(w[2])))
        if "discard" in moves:
            fewest = min(table.hand[int(w[2])] for w in moves["discard"])
            loose = [w for w in moves["discard"] if table.hand[int(w[2])] == fewest]
            return text(rng.choice(loose))
        return text(moves["end"][0]) if "end" in moves else rng.choice(legal)
