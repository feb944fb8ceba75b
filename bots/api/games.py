"""The game a bot or a batch plays, as the API takes it (``game``): a key of the
registry's for a game with built-in bots (``get_game(key).played.bots``), refused with
400 naming ``game`` otherwise."""

from django.utils.translation import gettext as _

from games.registry import get_game
from lib.refusal import Refusal


def check_game_with_bots(key) -> str:
    game = get_game(key)  # refused naming ``game`` when there is none
    if not game.playable_live or not game.played.bots:
        raise Refusal(_("%(game)s has no bots.") % {"game": game.name}, field="game")
    return game.key


def check_bots_play(bots, key: str) -> None:
    """Every bot of a batch plays its game."""
    for bot in bots:
        if bot.game != key:
            raise Refusal(
                _("%(bot)s does not play %(game)s.")
                % {"bot": bot.said_name, "game": get_game(key).name},
                field="bots",
            )
