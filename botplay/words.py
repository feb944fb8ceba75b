"""Moves in people's words for the game page: "Ann lays three 9s", a button "Draw from
the left draw pile". Seats are named, piles described; nothing shows a seat number."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.call_to_glory.moves import string_to_move

PILE_WORDS = {
    "D1": lambda: _("the left draw pile"),
    "D2": lambda: _("the right draw pile"),
    "X1": lambda: _("the left discard pile"),
    "X2": lambda: _("the right discard pile"),
}


def _parts(move: str) -> list[str]:
    string_to_move(move)  # a canonical move, or MoveSyntaxError
    return move.split(" ")[1:]


def button_label(move: str, view: dict) -> str:
    """What a legal move does, as the button that plays it says."""
    verb, *rest = _parts(move)
    if verb == "draw":
        pile = rest[0]
        if pile.startswith("X"):
            top = view["discard_piles"][int(pile[1]) - 1]["top"]
            return _("Take the %(value)s from %(pile)s") % {
                "value": top,
                "pile": PILE_WORDS[pile](),
            }
        return _("Draw from %(pile)s") % {"pile": PILE_WORDS[pile]()}
    if verb == "lay":
        value, count = int(rest[0]), int(rest[1])
        return ngettext("Lay one %(value)d", "Lay %(count)d × %(value)d", count) % {
            "count": count,
            "value": value,
        }
    if verb == "discard":
        return _("Discard a %(value)s on %(pile)s") % {
            "value": rest[0],
            "pile": PILE_WORDS[rest[1]](),
        }
    if verb == "pile":
        pending = view.get("pending") or {}
        return _("Put the displaced %(count)s × %(value)s on %(pile)s") % {
            "count": pending.get("cards", ""),
            "value": pending.get("value", ""),
            "pile": PILE_WORDS[rest[0]](),
        }
    if verb == "end":
        return _("End my turn")
    if verb == "ninja":
        return _("Ninja: eliminate %(name)s’s %(value)s") % {
            "name": view["players"][int(rest[0])],
            "value": rest[1],
        }
    return _("Reveal task %(task)s") % {"task": rest[0]}


def move_group(move: str) -> str:
    """Which row of buttons a move sits in: draw, lay, discard or other."""
    verb = move.split(" ")[1]
    return verb if verb in ("draw", "lay", "discard") else "other"


def log_line(move: str, players: list[str]) -> str:
    """A played move as the log tells it (only what everyone at the table saw)."""
    verb, *rest = _parts(move)
    name = players[int(move.split(" ")[0])]
    if verb == "draw":
        return _("%(name)s drew from %(pile)s") % {"name": name, "pile": PILE_WORDS[rest[0]]()}
    if verb == "lay":
        return _("%(name)s laid %(count)s × %(value)s") % {
            "name": name,
            "count": rest[1],
            "value": rest[0],
        }
    if verb == "discard":
        return _("%(name)s discarded a %(value)s on %(pile)s") % {
            "name": name,
            "value": rest[0],
            "pile": PILE_WORDS[rest[1]](),
        }
    if verb == "pile":
        return _("%(name)s put cards on %(pile)s") % {"name": name, "pile": PILE_WORDS[rest[0]]()}
    if verb == "end":
        return _("%(name)s ended the turn") % {"name": name}
    if verb == "ninja":
        return _("%(name)s’s ninja eliminated a %(value)s of %(other)s") % {
            "name": name,
            "value": rest[1],
            "other": players[int(rest[0])],
        }
    return _("%(name)s revealed task %(task)s") % {"name": name, "task": rest[0]}
