"""Moves in people's words for the game page: "Ann laid 3 cards of 9", a button "Draw
from the left draw pile". Seats are named, piles described; nothing shows a seat number.

Every phrase that names a pile is a whole sentence per pile, never a pile's name put
into a sentence: German and Russian decline the pile by what the sentence does with it
("vom linken Zugstapel", "auf den linken Ablagestapel"; "из левой колоды добора",
"в левую колоду сброса"), which a translator can only get right in the whole phrase.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.call_to_glory.moves import string_to_move

DRAW_BUTTONS = {
    "D1": gettext_lazy("Draw from the left draw pile"),
    "D2": gettext_lazy("Draw from the right draw pile"),
}
TAKE_BUTTONS = {
    "X1": gettext_lazy("Take the %(value)s from the left discard pile"),
    "X2": gettext_lazy("Take the %(value)s from the right discard pile"),
}
DISCARD_BUTTONS = {
    "X1": gettext_lazy("Discard one %(value)s onto the left discard pile"),
    "X2": gettext_lazy("Discard one %(value)s onto the right discard pile"),
}
PILE_BUTTONS = {
    "X1": gettext_lazy("Put the displaced %(count)s × %(value)s onto the left discard pile"),
    "X2": gettext_lazy("Put the displaced %(count)s × %(value)s onto the right discard pile"),
}
DREW_LINES = {
    "D1": gettext_lazy("%(name)s drew from the left draw pile"),
    "D2": gettext_lazy("%(name)s drew from the right draw pile"),
    "X1": gettext_lazy("%(name)s took a card from the left discard pile"),
    "X2": gettext_lazy("%(name)s took a card from the right discard pile"),
}
DISCARDED_LINES = {
    "X1": gettext_lazy("%(name)s discarded one %(value)s onto the left discard pile"),
    "X2": gettext_lazy("%(name)s discarded one %(value)s onto the right discard pile"),
}
PILED_LINES = {
    "X1": gettext_lazy("%(name)s put the displaced cards onto the left discard pile"),
    "X2": gettext_lazy("%(name)s put the displaced cards onto the right discard pile"),
}


def _parts(move: str) -> list[str]:
    string_to_move(move)  # a canonical move, or MoveSyntaxError
    return move.split(" ")[1:]


def button_label(move: str, view: dict) -> str:
    """What a legal move does, as the button that plays it says (and a screen reader
    reads: no symbol stands for a word)."""
    verb, *rest = _parts(move)
    if verb == "draw":
        pile = rest[0]
        if pile in TAKE_BUTTONS:
            top = view["discard_piles"][int(pile[1]) - 1]["top"]
            return TAKE_BUTTONS[pile] % {"value": top}
        return str(DRAW_BUTTONS[pile])
    if verb == "lay":
        value, count = int(rest[0]), int(rest[1])
        return lay_words(value, count)
    if verb == "discard":
        return DISCARD_BUTTONS[rest[1]] % {"value": rest[0]}
    if verb == "pile":
        pending = view.get("pending") or {}
        return PILE_BUTTONS[rest[0]] % {
            "count": pending.get("cards", ""),
            "value": pending.get("value", ""),
        }
    if verb == "end":
        return _("End my turn")
    if verb == "ninja":
        return _("Ninja: eliminate %(name)s’s %(value)s") % {
            "name": view["players"][int(rest[0])],
            "value": rest[1],
        }
    return _("Reveal task %(task)s") % {"task": rest[0]}


def lay_words(value: int, count: int) -> str:
    """The button that lays ``count`` cards of ``value``."""
    return ngettext(
        "Lay %(count)d card of value %(value)d",
        "Lay %(count)d cards of value %(value)d",
        count,
    ) % {"count": count, "value": value}


# The rows of buttons a turn's moves sit in, in order.
GROUPS = ("draw", "lay", "discard", "other")
MAIN_GROUPS = ("draw", "lay")  # their buttons stand out; the others are secondary


def move_group(move: str) -> str:
    """Which row of buttons a move sits in: draw, lay, discard or other."""
    verb = move.split(" ")[1]
    return verb if verb in ("draw", "lay", "discard") else "other"


def log_line(move: str, players: list[str]) -> str:
    """A played move as the log tells it (only what everyone at the table saw)."""
    verb, *rest = _parts(move)
    name = players[int(move.split(" ")[0])]
    if verb == "draw":
        return DREW_LINES[rest[0]] % {"name": name}
    if verb == "lay":
        count = int(rest[1])
        return ngettext(
            "%(name)s laid %(count)d card of value %(value)s",
            "%(name)s laid %(count)d cards of value %(value)s",
            count,
        ) % {"name": name, "count": count, "value": rest[0]}
    if verb == "discard":
        return DISCARDED_LINES[rest[1]] % {"name": name, "value": rest[0]}
    if verb == "pile":
        return PILED_LINES[rest[0]] % {"name": name}
    if verb == "end":
        return _("%(name)s ended the turn") % {"name": name}
    if verb == "ninja":
        return _("%(name)s’s ninja eliminated a %(value)s of %(other)s") % {
            "name": name,
            "value": rest[1],
            "other": players[int(rest[0])],
        }
    return _("%(name)s revealed task %(task)s") % {"name": name, "task": rest[0]}
