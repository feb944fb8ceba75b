"""The site's declaration of each game (``games.declaring``), one module per game: the
Django-free engines stay as they are and these say how the site uses them.
``DECLARED`` lists them (``games.registry`` holds them with the catalogue's games)."""

from typing import Any

from games.declaring import GameType
from games.registered import call_to_adventure, call_to_glory

# The games declared in code, by key, in the order the site lists them.
DECLARED: dict[str, GameType] = {
    game.key: game for game in [call_to_glory.GAME, call_to_adventure.GAME]
}


def game_choices() -> list[tuple[str, tuple[str, Any]]]:
    """Members for the ``GameKey`` TextChoices (the games declared in code): (member,
    (key, name))."""
    return [(game.member, (game.key, game.name)) for game in DECLARED.values()]
