"""Who may see, follow and start games on the site, and fetching them with those checks
(these raise ``PermissionDenied`` or 404); who may see an event is
``tournaments.permissions``'s."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from lib.compiled import CompiledQuery
from play.models import Game
from tournaments.models import Table
from tournaments.permissions import (
    can_view_event,
    is_event_organiser,
    is_player_of_table,
    is_public_event,
)


def can_view_played_game(user, game) -> bool:
    """A friendly game is open to spectators (who never see a hand); an event's table
    game to whoever may see the event."""
    if game.table_id is None:
        return True
    return can_view_event(user, game.table.round.event)


def is_public_game(game) -> bool:
    """Open to anyone, listed: a friendly game, or a table (or a game replaced at a
    table) of a public event, not of an unlisted or private one."""
    table = game.table or game.former_table
    if table is None:
        return True
    return is_public_event(table.round.event) and not table.round.draft


def can_start_table_game(user, table: Table) -> bool:
    return is_player_of_table(user, table) or is_event_organiser(user, table.round.event)


# Every read of a game (its page, the API's state and long-polls) starts here: compiled
# once (``lib.compiled``), the marker standing for the game's id.
GAME_TO_SEE = CompiledQuery(
    lambda game_id: Game.objects.select_related(
        "table__round__event", "former_table__round__event"
    ).filter(pk=game_id),
    -7,
)


def access_game(user, game_id: int) -> Game:
    """A game and who may see it; an abandoned game replaced at its table is seen by
    whoever may see that table's event."""
    found = GAME_TO_SEE.fetch(game_id)
    if not found:
        raise Http404(f"No {Game._meta.object_name} matches the given query.")
    game = found[0]
    if not can_view_played_game(user, game):
        raise PermissionDenied
    if game.former_table_id is not None and not can_view_event(user, game.former_table.round.event):
        raise PermissionDenied
    return game


def access_table_to_play(user, table_id: int) -> Table:
    table = get_object_or_404(
        Table.objects.select_related("round__event__season__league"), pk=table_id
    )
    if not can_start_table_game(user, table):
        raise PermissionDenied
    return table


def access_table_to_decide(user, table_id: int) -> Table:
    """A table whose abandoned game its event's organisers decide about."""
    table = get_object_or_404(
        Table.objects.select_related("round__event__season__league"), pk=table_id
    )
    if not is_event_organiser(user, table.round.event):
        raise PermissionDenied
    return table
