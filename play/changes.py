"""A game's changes: announced when they commit, and waited for by a long-poll
(``GET /api/play/ID/?wait=S``), so that a client learns of a move the moment it is
stored without asking again and again (``lib.changes`` holds the announcing and
the waiting).

A game's *stamp* is its ``updated_at``: every save changes it (a move, a timeout, a
bot's turn sent again), and the API's ``ETag`` is made from it. Every save is announced
once its transaction commits.
"""

from django.db import transaction

import lib.changes as changes
from play.models import Game

TOPIC = "play"


def stamp_of(game_id: int):
    return Game.objects.filter(pk=game_id).values_list("updated_at", flat=True).first()


def stamp_text(updated_at) -> str:
    """The stamp as a push stream's event names it, and the board carries it."""
    return f"{updated_at.timestamp():.6f}"


def push_stamp(game_id: int) -> str | None:
    stamp = stamp_of(game_id)
    return None if stamp is None else stamp_text(stamp)


def etag_of(game: Game, user) -> str:
    """Changes whenever the game is saved (a move, a timeout, a bot's turn sent again):
    the API's ``ETag``, and the game page's, which waits on the API with it."""
    return f'"{game.pk}-{user.pk or 0}-{game.updated_at.timestamp():.6f}"'


def when_saved(instance: Game, **_signal) -> None:
    """``post_save`` of a game (connected in ``PlayConfig.ready``)."""
    game_id = instance.pk
    transaction.on_commit(lambda: changes.announce(TOPIC, game_id))


def wait_for_change(game_id: int, stamp, seconds: float) -> bool:
    """Whether the game's stamp moved on from ``stamp`` within ``seconds``."""
    return changes.wait_for_change(TOPIC, game_id, lambda: stamp_of(game_id), stamp, seconds)
