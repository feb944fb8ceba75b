"""A game's push stream (``/push/play/ID/``, ``lib.push``): an open game page learns
of every save of the game (a move, a timeout, a bot's turn) the moment it commits, and
fetches its board again (``static/js/play.js``). Whoever may see the game may follow
it; a visitor not logged in only a public one.

A challenge's or open table's (``/push/play/challenges/ID/``): its page learns of every
answer (a seat taken or given up, an acceptance, a decline, the game started) and
loads again (``static/js/challenge.js``). Whoever may see it may follow it
(``play.challenges.access_challenge``: a table not listed only with its share link's
``?token=``); a visitor not logged in, nothing."""

from lib.push import Followable, follow
from play import challenge_changes
from play.access import access_game, is_public_game
from play.challenges import access_challenge
from play.changes import TOPIC, push_stamp


def check(request, game_id: int):
    game = access_game(request.user, game_id)
    return Followable(game.pk, lambda: push_stamp(game.pk), is_public_game(game))


async def game_changes(request, game_id: int):
    return await follow(request, lambda request: check(request, game_id), TOPIC)


def check_challenge(request, challenge_id: int):
    challenge, _seat = access_challenge(request.user, challenge_id, request.GET.get("token"))
    return Followable(
        challenge.pk, lambda: challenge_changes.push_stamp(challenge.pk), open_to_visitors=False
    )


async def challenge_changes_stream(request, challenge_id: int):
    return await follow(
        request, lambda request: check_challenge(request, challenge_id), challenge_changes.TOPIC
    )
