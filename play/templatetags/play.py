"""``{% play_table table %}``: on a table's page, its game on the site (a link to it, or
a button that starts it for the table's players and organisers, offered only when the
table may be played: no result, no entry by hand under way, nobody without an account).

``{% live_tables event %}``: on an event's page, the tables being played on the site
right now, each one tap from watching.

``{% abandoned_table table %}``: on the results desk, why the table's game was
abandoned and the organiser's three ways on (enter the result, replay, void)."""

from django import template
from django.db.models import Prefetch

from games.registry import get_game
from play.models import Game
from play.starting import has_walk_in
from scoring.submissions import unsettled_entry
from tournaments.models import Seat
from tournaments.permissions import can_start_table_game

register = template.Library()


def may_be_played(table) -> bool:
    return (
        not table.is_bye
        and not table.round.is_draft
        and get_game(table.round.event.game).playable_live
        and not hasattr(table, "result")
        and not has_walk_in(table)
        and unsettled_entry(table) is None
    )


@register.inclusion_tag("play/_table_play.html", takes_context=True)
def play_table(context, table):
    user = context["request"].user
    game = Game.objects.filter(table=table).first()
    playable = (
        game is None
        and user.is_authenticated
        and may_be_played(table)
        and can_start_table_game(user, table)
    )
    return {"game": game, "table": table, "playable": playable, "request": context["request"]}


@register.inclusion_tag("play/_abandoned_table.html", takes_context=True)
def abandoned_table(context, table, game):
    return {"table": table, "game": game, "csrf_token": context.get("csrf_token")}


# An event's page lists at most this many games under way (the busiest hall's tables).
LIVE_TABLES_SHOWN = 60


@register.inclusion_tag("play/_live_tables.html")
def live_tables(event):
    seats = Seat.objects.select_related("entrant").order_by("position")
    games = (
        Game.objects.filter(
            table__round__event=event, table__round__draft=False, status=Game.Status.PLAYING
        )
        .select_related("table__round")
        .prefetch_related(Prefetch("table__seats", queryset=seats))
        .order_by("-table__round__number", "table__number")
    )
    return {"games": list(games[:LIVE_TABLES_SHOWN])}
