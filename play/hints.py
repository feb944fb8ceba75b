"""Hints on the game page for a person's first game against the game's beginner bot
(``LivePlay.beginner_bot``): on each of their decisions, one good move and why, in the
reader's language, from the game's own ``hint`` (``get_game(key).hint``, from the
seat's view with its legal moves and the players' names; a game without one offers
none)."""

from games.registry import get_game
from play.models import Game
from play.reading import Sight


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
    assert user_id is not None, "the seat of the person looking is theirs"
    finished = Game.objects.filter(seats__user_id=user_id, status=Game.Status.FINISHED)
    return not finished.exclude(pk=game.pk).exists()


def hint_for(sight: Sight) -> tuple[str, str] | None:
    """The hinted move and the hint in words, on the reader's turn in a first game."""
    if not (sight.your_turn and offers_hints(sight)):
        return None
    hint = get_game(sight.game.game).hint
    if hint is None:
        return None
    view = {**sight.view, "legal_moves": sight.legal_moves}
    return hint(view, [seat.said_name for seat in sight.seats])
