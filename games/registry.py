"""Every game the site knows, asked by everything else: the games declared in code
(``games.registered``, each a ``games.declaring.GameType``) and the catalogue's, built
from their rows (``games.registered.catalogue``).

``tournaments``, ``scoring``, ``bots``, ``play`` and templates ask
``get_game(event.game)``; no module outside ``games/`` imports an engine.
"""

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.declaring import EntryKind, GameType
from games.models import CatalogueGame
from games.registered import DECLARED
from games.registered.catalogue import KINDS, game_type
from lib.refusal import Refusal

REGISTRY: dict[str, GameType] = DECLARED
# A new event plays the first game declared unless it says otherwise.
DEFAULT_GAME = next(iter(REGISTRY))

# Catalogue games' types by key, built from their rows when first asked for. Forgotten
# when a row is saved or deleted and at the start of every request and task (GamesConfig
# .ready), so that a page asks the database once per game however often it calls
# ``get_game``, and never reads a game renamed by another process meanwhile.
_catalogue: dict[str, GameType] = {}


def forget_catalogue(*_args, **_kwargs) -> None:
    _catalogue.clear()


def catalogue_game(key: str) -> GameType | None:
    """A catalogue game's type, or None when no catalogue game has the key."""
    game = _catalogue.get(key)
    if game is None:
        row = CatalogueGame.objects.filter(key=key).first() if isinstance(key, str) else None
        if row is None:
            return None
        game = _catalogue[key] = game_type(row)
    return game


def get_game(key: str) -> GameType:
    """The game of ``key``: one declared in code, else one of the catalogue."""
    game = REGISTRY.get(key) if isinstance(key, str) else None
    if game is None:
        game = catalogue_game(key)
    if game is None:
        raise Refusal(_("Unknown game %(key)s.") % {"key": key}, field="game")
    return game


def all_games(adders=None) -> list[GameType]:
    """Every game: those declared in code, then the catalogue's by name; with
    ``adders`` (ids of people), of the catalogue only the site-wide games and theirs."""
    rows = CatalogueGame.objects.all()
    if adders is not None:
        rows = rows.filter(Q(site_wide=True) | Q(created_by_id__in=list(adders)))
    catalogue = [game_type(row) for row in rows]
    _catalogue.update((game.key, game) for game in catalogue)
    return [*REGISTRY.values(), *catalogue]


def live_games() -> list[GameType]:
    """The games the site plays move by move (and bots play in matches)."""
    return [game for game in REGISTRY.values() if game.playable_live]


def entry_kind_choices() -> list[tuple[str, tuple[str, Any]]]:
    """Members for ``Submission.Kind``: every game's entry kinds, and the catalogue
    games' generic ones."""
    kinds = [kind for game in REGISTRY.values() for kind in game.entry_kinds]
    return [(kind.member, (kind.key, kind.label)) for kind in [*kinds, *KINDS]]


def entry_kind(key: str) -> tuple[GameType | None, EntryKind]:
    """The game declared in code that takes the kind ``key``, and the kind; (None, the
    kind) for a kind every catalogue game takes (``scores/1``, ``places/1``), read
    without its game: its answers and documents need none."""
    for game in REGISTRY.values():
        for kind in game.entry_kinds:
            if kind.key == key:
                return game, kind
    for kind in KINDS:
        if kind.key == key:
            return None, kind
    raise Refusal(_("Unknown kind of entry %(key)s.") % {"key": key}, field="kind")
