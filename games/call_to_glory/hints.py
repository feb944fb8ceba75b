"""A hint for a person learning the game: one good move for the decision at hand and
why, read from the seat's view and its legal moves only (never a hidden card).

The advice is the rulebook's and a beginner's: take a face-up card that matches your
hand, else draw blind; lay every card of a value nobody has laid yet, or enough to beat
an opponent's set; otherwise discard a card you hold only once, the lowest first. The
page words a ``Hint`` in the reader's language (``play.hints``); this module stays
plain Python like the rest of the engine.
"""

from dataclasses import dataclass

from .bots.simple import Table, text


@dataclass(frozen=True)
class Hint:
    """``reason`` says why ``move`` is good: ``take`` (``value`` from discard pile
    ``pile`` matches ``count`` cards in hand), ``draw`` (no face-up card matches),
    ``lay_new`` (``count`` cards of ``value``, a value nobody has laid), ``lay_beat``
    (beats seat ``other``'s set of ``other_count``), ``discard_single`` (a card held
    once) or ``discard``."""

    reason: str
    move: str
    value: int | None = None
    count: int | None = None
    pile: str | None = None
    other: int | None = None
    other_count: int | None = None


def hint(view: dict) -> Hint | None:
    """The hint for the seat's decision, or None when there is nothing to advise (not
    its turn, or a decision a beginner's rules do not cover: piles, ninjas, tasks)."""
    if not view.get("legal_moves") or view.get("hand") is None:
        return None
    table = Table(view)
    if "draw" in table.moves:
        return _draw_hint(table)
    if "lay" in table.moves or "discard" in table.moves:
        return _lay_hint(table) or _discard_hint(table)
    return None


def _draw_hint(table: Table) -> Hint | None:
    matching = table.matching_tops()
    if matching:
        words = matching[0]
        top = table.top(words[2])
        return Hint("take", text(words), value=top, count=table.hand[top], pile=words[2])
    blind = table.draw_pile()
    return None if blind is None else Hint("draw", text(blind), pile=blind[2])


def _lay_hint(table: Table) -> Hint | None:
    """The most valuable whole lay of a value nobody has laid, else the most valuable
    one that beats an opponent's set (a lay that only replaces your own set scores
    nothing more)."""
    fresh, beating = [], []
    for words in table.whole_lays():
        value, count = int(words[2]), int(words[3])
        owners = [s for s in range(table.n) if table.set_size(s, value)]
        if not owners:
            fresh.append(Hint("lay_new", text(words), value=value, count=count))
        elif owners[0] != table.me:
            other = owners[0]
            beating.append(
                Hint(
                    "lay_beat",
                    text(words),
                    value=value,
                    count=count,
                    other=other,
                    other_count=table.set_size(other, value),
                )
            )
    for choice in (fresh, beating):
        if choice:
            return max(choice, key=lambda h: h.value or 0)
    return None


def _discard_hint(table: Table) -> Hint | None:
    discards = table.moves.get("discard", [])
    if not discards:
        return None
    words = min(discards, key=lambda w: (table.hand[int(w[2])], int(w[2]), w[3]))
    value = int(words[2])
    reason = "discard_single" if table.hand[value] == 1 else "discard"
    return Hint(reason, text(words), value=value, count=table.hand[value], pile=words[3])
