"""The catalogue of games the site has no engine for: adding, renaming, deleting and
finding them (``games.models.CatalogueGame``; each is a game type of the registry,
``games.registry.get_game``). Who may do it is the caller's to decide
(``tournaments.permissions``); whether an event still plays a game is asked of the
apps that name games (``register_use``), since ``games`` imports none of them.

- ``do_add_catalogue_game(by, name=, min_players=, max_players=, scoring=, ties=,
  bgg_id=None)`` -> the new ``CatalogueGame`` (its ``key`` a slug of the name): staff's
  (or a command's, ``by`` None) site-wide, anyone else's their own until staff make it
  site-wide (``CatalogueGame``'s docstring; docs/games.md, "Whose game it is").
- ``do_rename_catalogue_game(game, name)`` -> the game, renamed (its key stays).
- ``do_make_site_wide(game)`` -> the game, listed for everyone (staff's decision).
- ``do_delete_catalogue_game(game)``: refused (409) while anything plays it.
- ``find_catalogue_game(bgg_id=None, name=None, by=None)`` -> the site-wide game with
  that BoardGameGeek id, else ``by``'s own, else the same by name (any case), else None.
"""

from collections.abc import Callable, Collection

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import translation
from django.utils.crypto import get_random_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.declaring import MOST_SEATS, Scoring, Ties
from games.models import KEY_LENGTH, CatalogueGame
from games.names import check_name_text
from games.registry import REGISTRY, all_games
from lib.refusal import CONFLICT, Refusal

NAME_LENGTH = 100
# BoardGameGeek ids are stored in a 32-bit integer column.
MAX_BGG_ID = 2**31 - 1

# Keys no game takes: the games pages' own addresses (/games/add/).
RESERVED_KEYS = frozenset({"add"})

_uses: list[Callable[[str], bool]] = []


def register_use(in_use: Callable[[str], bool]) -> None:
    """``in_use(key)`` says whether something (an event) plays the game of ``key``: such
    a game is not deleted, only renamed."""
    if in_use not in _uses:
        _uses.append(in_use)


def is_in_use(key: str) -> bool:
    return any(in_use(key) for in_use in _uses)


def same_scope(site_wide: bool, owner_id: int | None) -> Q:
    """The games a game's name and id must differ from: the site-wide ones, and for a
    game of its adder's own, their other games too."""
    return Q(site_wide=True) if site_wide else Q(site_wide=True) | Q(created_by_id=owner_id)


def check_name(
    name, exclude: int | None = None, site_wide: bool = True, owner_id: int | None = None
) -> str:
    """The name, trimmed; refused when empty, too long, not plain text, or taken in its
    scope (``same_scope``) or by a game with an engine."""
    if not isinstance(name, str) or not name.strip():
        raise Refusal(_("Give the game's name."), field="name")
    name = check_name_text(" ".join(name.split()), "name")
    if len(name) > NAME_LENGTH:
        raise Refusal(
            _("A game's name is at most %(n)d characters of text.") % {"n": NAME_LENGTH},
            field="name",
        )
    with translation.override("en"):
        engine_names = {str(game.name).casefold() for game in REGISTRY.values()}
    others = CatalogueGame.objects.filter(same_scope(site_wide, owner_id), name__iexact=name)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    taken = others.exists()
    if taken or name.casefold() in engine_names:
        raise Refusal(
            _("There is a game named %(name)s already.") % {"name": name},
            field="name",
            code=CONFLICT,
        )
    return name


def check_players(min_players, max_players) -> tuple[int, int]:
    for value, field in ((min_players, "min_players"), (max_players, "max_players")):
        if type(value) is not int or not 1 <= value <= MOST_SEATS:
            raise Refusal(
                _("Players are a whole number from 1 to %(most)d.") % {"most": MOST_SEATS},
                field=field,
            )
    if max_players < 2:
        raise Refusal(_("Tables seat 2 players at least."), field="max_players")
    if min_players > max_players:
        raise Refusal(
            _("The fewest players cannot be more than the most players."), field="min_players"
        )
    return min_players, max_players


def check_choice(value, choices, field: str) -> str:
    if value not in choices.values:
        raise Refusal(
            _("%(field)s is one of: %(allowed)s.")
            % {"field": field, "allowed": ", ".join(choices.values)},
            field=field,
        )
    return value


def check_bgg_id(
    bgg_id, exclude: int | None = None, site_wide: bool = True, owner_id: int | None = None
) -> int | None:
    if bgg_id is None:
        return None
    if type(bgg_id) is not int or not 1 <= bgg_id <= MAX_BGG_ID:
        raise Refusal(_("A BoardGameGeek id is a whole number above 0."), field="bgg_id")
    others = CatalogueGame.objects.filter(same_scope(site_wide, owner_id), bgg_id=bgg_id)
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if others.exists():
        raise Refusal(
            _("A game with BoardGameGeek id %(id)d is in the list already.") % {"id": bgg_id},
            field="bgg_id",
            code=CONFLICT,
        )
    return bgg_id


def new_key(name: str, site_wide: bool = True) -> str:
    """A slug of the name no game has: the name's, else with -2, -3, ... after it. A
    game of its adder's own has a random tail, so that its key is never the plain slug
    a site-wide game of the name should have (``/games/catan/``)."""
    base = slugify(name, allow_unicode=True)[:KEY_LENGTH].strip("-") or "game"
    if not site_wide:
        tail = "-" + get_random_string(5, "abcdefghijklmnopqrstuvwxyz0123456789")
        base = base[: KEY_LENGTH - len(tail)].rstrip("-") + tail
    key, number = base, 1
    while key in REGISTRY or key in RESERVED_KEYS or CatalogueGame.objects.filter(key=key).exists():
        number += 1
        suffix = f"-{number}"
        key = base[: KEY_LENGTH - len(suffix)].rstrip("-") + suffix
    return key


def saved(game: CatalogueGame) -> CatalogueGame:
    """Save; a name, key or id taken meanwhile by a write beside this one is a conflict
    (the database's unique constraints decide)."""
    try:
        with transaction.atomic():
            game.save()
    except IntegrityError:
        raise Refusal(
            _("Another game was just saved with this name or BoardGameGeek id."),
            field="name",
            code=CONFLICT,
        ) from None
    return game


def do_add_catalogue_game(
    by, *, name, min_players, max_players, scoring, ties, bgg_id=None
) -> CatalogueGame:
    """Add a game to the catalogue; the first ``Refusal`` names its field. Staff's (and
    a command's) is site-wide at once, anyone else's their own."""
    adder = by if by is not None and by.is_authenticated else None
    site_wide = adder is None or adder.is_staff
    owner_id = adder.pk if adder is not None else None
    name = check_name(name, site_wide=site_wide, owner_id=owner_id)
    min_players, max_players = check_players(min_players, max_players)
    game = CatalogueGame(
        name=name,
        min_players=min_players,
        max_players=max_players,
        scoring=check_choice(scoring, Scoring, "scoring"),
        ties=check_choice(ties, Ties, "ties"),
        bgg_id=check_bgg_id(bgg_id, site_wide=site_wide, owner_id=owner_id),
        created_by=adder,
        site_wide=site_wide,
    )
    game.key = new_key(name, site_wide)
    return saved(game)


def do_rename_catalogue_game(game: CatalogueGame, name) -> CatalogueGame:
    """Give the game another name; its key, which events name, stays."""
    game.name = check_name(
        name, exclude=game.pk, site_wide=game.site_wide, owner_id=game.created_by_id
    )
    return saved(game)


def do_make_site_wide(game: CatalogueGame) -> CatalogueGame:
    """List a game for everyone (staff decide); refused (409) while a site-wide game has
    its name or BoardGameGeek id. Its key stays (events name it)."""
    if game.site_wide:
        return game
    check_name(game.name, exclude=game.pk)
    check_bgg_id(game.bgg_id, exclude=game.pk)
    game.site_wide = True
    return saved(game)


def do_delete_catalogue_game(game: CatalogueGame) -> None:
    """Delete a game nothing plays; one an event plays may only be renamed."""
    with transaction.atomic():
        if is_in_use(game.key):
            raise Refusal(
                _("%(name)s is played in an event: it can only be renamed, not deleted.")
                % {"name": game.name},
                code=CONFLICT,
            )
        game.delete()


def find_catalogue_game(bgg_id: int | None = None, name: str | None = None, by=None):
    """The catalogue game with the BoardGameGeek id, else the one of the name (any
    case), else None: a site-wide one first, else one of ``by``'s own."""
    owner_id = by.pk if by is not None and by.is_authenticated else None
    seen = CatalogueGame.objects.filter(same_scope(False, owner_id)).order_by("-site_wide")
    if bgg_id is not None:
        found = seen.filter(bgg_id=bgg_id).first()
        if found is not None:
            return found
    if name:
        return seen.filter(name__iexact=" ".join(name.split())).first()
    return None


def games_matching(query: str = "", adders: Collection[int] | None = ()) -> list:
    """Every game (``GameType``: those declared in code first, then the catalogue's by
    name) whose name, in the reader's language, holds ``query`` in any case: the
    site-wide ones and those added by ``adders`` (None: every game, for staff)."""
    wanted = " ".join((query or "").split()).casefold()
    return [game for game in all_games(adders) if wanted in str(game.name).casefold()]
