"""Call to Glory's hint for a learner, in words: the engine's hint
(``games.call_to_glory.hints``) and why, said in the reader's language with the players'
names (``GameType.hint``)."""

from django.utils.translation import gettext_lazy, ngettext_lazy

from games.call_to_glory.hints import hint as engine_hint

# Why a move is hinted, by the hint's reason (``count`` chooses the plural).
WORDS = {
    "take": ngettext_lazy(
        "You could take the face-up %(value)d: it matches %(count)d card in your hand.",
        "You could take the face-up %(value)d: it matches %(count)d cards in your hand.",
        "count",
    ),
    "draw": gettext_lazy("No face-up card matches your hand: you could draw from a draw pile."),
    "lay_new": ngettext_lazy(
        "You could lay your %(count)d card of value %(value)d: nobody has laid a %(value)d yet.",
        "You could lay your %(count)d cards of value %(value)d: nobody has laid a %(value)d yet.",
        "count",
    ),
    "lay_beat": ngettext_lazy(
        "You could lay your %(count)d card of value %(value)d: it beats %(name)s’s set, "
        "which goes to a discard pile.",
        "You could lay your %(count)d cards of value %(value)d: it beats %(name)s’s set, "
        "which goes to a discard pile.",
        "count",
    ),
    "discard_single": gettext_lazy(
        "Nothing to lay yet: you could discard your %(value)d, a card you hold once."
    ),
    "discard": gettext_lazy("Nothing to lay yet: you could discard one %(value)d."),
}


def hint_words(found, players: list[str]) -> str:
    name = "" if found.other is None else players[found.other]
    return WORDS[found.reason] % {"value": found.value, "count": found.count, "name": name}


def hint(view: dict, players: list[str]) -> tuple[str, str] | None:
    """The hinted move and why, from a seat's view with its legal moves."""
    found = engine_hint(view)
    return None if found is None else (found.move, hint_words(found, players))
