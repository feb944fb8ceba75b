"""Hints on the game page for a person's first game against the game's beginner bot
(``LivePlay.beginner_bot``): on each of their decisions, one good move and why, worked
out by the game's own ``hint`` (``get_game(key).hint``, from the seat's view with its
legal moves; a game without one offers none) and said here in the reader's language,
by the hint's ``reason`` (``WORDS``: the reasons the games' hints give)."""

from django.utils.translation import gettext_lazy, ngettext_lazy

from games.registry import get_game
from play.models import Game
from play.reading import Sight

# Why a move is hinted, by the hint's reason (``count`` chooses the plural): the
# reasons of the hints the registry's games give (today Call to Glory's).
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


def offers_hints(sight: Sight) -> bool:
    """Whether the reader's game is their first: a friendly game in which every other
    seat is the game's beginner bot (``LivePlay.beginner_bot``), and no game of theirs
    has finished before."""
    game = sight.game
    beginner = game.live.beginner_bot
    if game.table_id is not None or sight.you is None or beginner is None:
        return False
    others = [seat for seat in sight.seats if seat.position != sight.you]
    if not all(seat.bot is not None and seat.bot.builtin_key == beginner for seat in others):
        return False
    user_id = next(seat.user_id for seat in sight.seats if seat.position == sight.you)
    finished = Game.objects.filter(seats__user_id=user_id, status=Game.Status.FINISHED)
    return not finished.exclude(pk=game.pk).exists()


def hint_for(sight: Sight) -> tuple[str, str] | None:
    """The hinted move and the hint in words, on the reader's turn in a first game."""
    if not (sight.your_turn and offers_hints(sight)):
        return None
    hint = get_game(sight.game.game).hint
    if hint is None:
        return None
    found = hint({**sight.view, "legal_moves": sight.legal_moves})
    return (
        None
        if found is None
        else (found.move, hint_words(found, [seat.said_name for seat in sight.seats]))
    )


def hint_words(found, players: list[str]) -> str:
    name = "" if found.other is None else players[found.other]
    return WORDS[found.reason] % {"value": found.value, "count": found.count, "name": name}
