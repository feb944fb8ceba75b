"""``{% play_table table %}``: on a table's page, its game on the site (a link to it, or
a button that starts it for the table's players and organisers)."""

from django import template

from games.registry import get_game
from play.models import Game
from tournaments.permissions import can_start_table_game

register = template.Library()


@register.inclusion_tag("play/_table_play.html", takes_context=True)
def play_table(context, table):
    user = context["request"].user
    game = Game.objects.filter(table=table).first()
    playable = (
        game is None
        and not table.is_bye
        and get_game(table.round.event.game).playable_live
        and not hasattr(table, "result")
        and user.is_authenticated
        and can_start_table_game(user, table)
    )
    return {"game": game, "table": table, "playable": playable, "request": context["request"]}
