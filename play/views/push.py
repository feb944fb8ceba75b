"""A game's push stream (``/push/play/ID/``, ``config.push``): an open game page learns
of every save of the game (a move, a timeout, a bot's turn) the moment it commits, and
fetches its board again (``static/js/play.js``). Whoever may see the game may follow
it; a visitor not logged in only a public one."""

from config.push import Followable, follow
from play.access import access_game
from play.changes import TOPIC, push_stamp
from tournaments.permissions import is_public_game


def check(request, game_id: int):
    game = access_game(request.user, game_id)
    return Followable(game.pk, lambda: push_stamp(game.pk), is_public_game(game))


async def game_changes(request, game_id: int):
    return await follow(request, lambda request: check(request, game_id), TOPIC)
