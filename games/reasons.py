"""The engines' reasons in the reader's language.

The engines and scorers speak English and import nothing from Django; the record
validator's and the scorers' JSON stay English (the specs' contract). Their reasons to
people follow fixed templates, and this module knows each template twice: as the engine
writes it (``{name}`` for a parameter) and as people read it, marked for translation
(``%(name)s``). ``told(reason, seats)`` reads the parameters back out of the engine's
words and fills the translated template, naming seats instead of numbering them. A
reason no template knows is shown as the engine gave it (tests/i18n checks that the
reasons people meet at the entry pages and at the game are known).
"""

import re
from functools import cache

from django.utils.translation import gettext_lazy as _

# Parameters that are seat numbers: shown as the seat's name; and a reason within one.
SEATS = {"seat", "first", "second", "owner", "target", "deciding"}
NESTED = {"decision"}

TEMPLATES = [
    # Call to Glory: a real table's rounds (games/call_to_glory/table.py)
    ("a set of {value} cannot have {count} cards; the game has {value}",
     _("a set of %(value)s cannot have %(count)s cards; the game has %(value)s")),
    ("a set of {value} needs at least {least} cards with 3 or more players",
     _("a set of %(value)s needs at least %(least)s cards with 3 or more players")),
    ("a set of {value} needs at least {least} cards",
     _("a set of %(value)s needs at least %(least)s cards")),
    ("a set of {value} must have at least 1 card",
     _("a set of %(value)s must have at least 1 card")),
    ("a set of {value} lies in front of seats {first} and {seat}; there is one set of a "
     "value on the table",
     _("a set of %(value)s lies in front of %(first)s and %(seat)s; there is one set of a "
       "value on the table")),
    ("seat {seat} has {count} sets; with {n} players a round ends as soon as a seat has "
     "{limit}",
     _("%(seat)s has %(count)s sets; with %(n)s players a round ends as soon as someone "
       "has %(limit)s")),
    ("seats {first} and {second} both have {limit} sets; the round ends at the end of the "
     "turn in which the first seat reaches that",
     _("%(first)s and %(second)s both have %(limit)s sets; the round ends at the end of the "
       "turn in which the first of them reaches that")),
    # Call to Glory: game totals an organiser decides (games/call_to_glory/totals.py)
    ("a total is a whole number from {low} to {high}",
     _("a total is a whole number from %(low)s to %(high)s")),
    ("totals must be a list of {n} numbers, one per seat",
     _("totals must be a list of %(n)s numbers, one per seat")),
    ("{key} is not a card value", _("%(key)s is not a card value")),
    ("{score} is not a score", _("%(score)s is not a score")),
    ("{score} is not a sum of card values", _("%(score)s is not a sum of card values")),
    ("{score} needs more than {limit} sets", _("%(score)s needs more than %(limit)s sets")),
    ("no table gives these scores together (a value lies in front of one seat only, and "
     "only one seat may have {limit} sets)",
     _("no table gives these scores together (a value lies in front of one player only, "
       "and only one player may have %(limit)s sets)")),
    ("reveals must list {count} task cards, one per seat from the start player (seat "
     "{seat})",
     _("%(count)s task cards must be revealed, one per player from the start player "
       "(%(seat)s)")),
    ("{name} is not a task card name like A7", _("%(name)s is not a task card name like A7")),
    ("task card {name} is not in deck {letter}",
     _("task card %(name)s is not in deck %(letter)s")),
    ("task card {name} was already revealed", _("task card %(name)s was already revealed")),
    ("seat {seat} already revealed a card of deck {letter}",
     _("%(seat)s already revealed a card of deck %(letter)s")),
    ("with imperial tasks a round must give its sets",
     _("with the Imperial Tasks a round must give its sets")),
    ("the table has {count} rounds; the options say {rounds}",
     _("the table has %(count)s rounds; the rules say %(rounds)s")),
    # Call to Glory: a move at the game (games/call_to_glory/checks.py and its helpers)
    ("seat {deciding} decides now ({decision}), not seat {seat}",
     _("%(deciding)s decides now (%(decision)s), not %(seat)s")),
    ("its turn: draw", _("their turn: draw")),
    ("its turn: lay or discard", _("their turn: lay or discard")),
    ("its turn: use a ninja or end", _("their turn: use a Ninja or end it")),
    ("where its eliminated card goes", _("where their eliminated card goes")),
    ("where its displaced set goes", _("where their displaced set goes")),
    ("which task to reveal", _("which task to reveal")),
    ("the game is over", _("the game is over")),
    ("the round has already ended", _("the round has already ended")),
    ("pile {pile} is empty", _("pile %(pile)s is empty")),
    ("the second card must come from another pile than the first ({pile})",
     _("the second card must come from another pile than the first (%(pile)s)")),
    ("seat {seat} has already drawn two cards this turn",
     _("%(seat)s has already drawn two cards this turn")),
    ("seat {seat} must draw two cards before laying or discarding",
     _("%(seat)s must draw two cards before laying or discarding")),
    ("seat {seat} has already laid or discarded this turn",
     _("%(seat)s has already laid or discarded this turn")),
    ("a set needs at least 2 cards", _("a set needs at least 2 cards")),
    ("a set of {value} with {lying} cards lies in front of seat {owner}; a new set of "
     "{value} needs more than {lying} cards",
     _("a set of %(value)s with %(lying)s cards lies in front of %(owner)s; a new set of "
       "%(value)s needs more than %(lying)s cards")),
    ("seat {seat} holds {held} cards of {value}, not {count}",
     _("%(seat)s holds %(held)s cards of %(value)s, not %(count)s")),
    ("seat {seat} holds no card of {value}", _("%(seat)s holds no card of %(value)s")),
    ("a turn ends by itself; end is used only in the ninja variant",
     _("a turn ends by itself; ending it is only for The Power of the Ninja")),
    ("a turn ends only after two draws and a lay or a discard",
     _("a turn ends only after two draws and a lay or a discard")),
    ("this turn has already ended", _("this turn has already ended")),
    ("the ninja variant is not in play", _("The Power of the Ninja is not in play")),
    ("a miniature is used only during its owner's turn",
     _("a Ninja miniature is used only during its owner's turn")),
    ("seat {seat} holds no ninja miniature", _("%(seat)s holds no Ninja miniature")),
    ("seat {seat} took its miniature this turn; it can be used from its next turn on",
     _("%(seat)s took the miniature this turn; it can be used from the next turn on")),
    ("a ninja eliminates a card from an opponent's set, not from one's own",
     _("a Ninja eliminates a card from an opponent's set, not from one's own")),
    ("seat {target} has no set of {value}", _("%(target)s has no set of %(value)s")),
    ("the imperial tasks variant is not in play", _("the Imperial Tasks are not in play")),
    ("tasks are revealed only at the end of a round",
     _("tasks are revealed only at the end of a round")),
    ("seat {seat} has already revealed {task}", _("%(seat)s has already revealed %(task)s")),
    ("seat {seat} holds no task {task}", _("%(seat)s holds no task %(task)s")),
    ("the round has ended: each player now reveals one task",
     _("the round has ended: each player now reveals one task")),
    # Call to Adventure: the end of a game (games/call_to_adventure/)
    ("missing: the hero marker's level, 1 to {top}",
     _("missing: the hero marker's level, 1 to %(top)s")),
    ("{value} is negative; a count cannot be", _("%(value)s is negative; a count cannot be")),
    ("{value} is not a whole number", _("%(value)s is not a whole number")),
    # A catalogue game's scores and places (games/scores_and_places.py)
    ("scores must be a list of {n} whole numbers, one per seat",
     _("the scores are %(n)s whole numbers, one per player")),
    ("tie-breaks must be a list of {n} whole numbers, one per seat",
     _("the tie-breaks are %(n)s whole numbers, one per player")),
    ("places must be a list of {n} whole numbers, one per seat",
     _("the places are %(n)s whole numbers, one per player")),
    ("seat {seat}: scores are whole numbers from {low} to {high}",
     _("%(seat)s: a score is a whole number from %(low)s to %(high)s")),
    ("seat {seat}: tie-breaks are whole numbers from {low} to {high}",
     _("%(seat)s: a tie-break is a whole number from %(low)s to %(high)s")),
    ("seat {seat}: places are whole numbers from {low} to {high}",
     _("%(seat)s: choose a place from %(low)s to %(high)s")),
    ("seats {first} and {seat} are tied; enter the tie-break that decides",
     _("%(first)s and %(seat)s are tied; enter the tie-break that decides")),
    ("seats {first} and {seat} both have place {place}; ties are broken",
     _("%(first)s and %(seat)s both have place %(place)s; in this game ties are broken")),
    ("seat {seat}: place {place} follows shared places; tied players take the places "
     "after them (two at 1st, then 3rd)",
     _("%(seat)s: place %(place)s cannot follow the shared places before it; players who "
       "tie take the places after them (two at 1st, then 3rd)")),
]  # fmt: skip


def _pattern(template: str) -> re.Pattern:
    seen, parts = set(), []
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
    return re.compile("".join(parts) + r"\Z")


@cache
def _compiled():
    return [(_pattern(english), said) for english, said in TEMPLATES]


def told(reason, seats: list[str] | None = None) -> str:
    """``reason`` in the reader's language, seats named by ``seats`` (in seat order)."""
    text = str(reason)
    for pattern, said in _compiled():
        found = pattern.match(text)
        if found:
            params = found.groupdict()
            for name in SEATS & params.keys():
                if seats and params[name].isdigit() and int(params[name]) < len(seats):
                    params[name] = seats[int(params[name])]
            for name in NESTED & params.keys():
                params[name] = told(params[name], seats)
            return str(said) % params
    return text
