"""``{% play_table table %}``: on a table's page, its game on the site (a link to it, or
a button that starts it for the table's players and organisers, offered only when the
table may be played: no result, no entry by hand under way, nobody without an account).

``{% live_tables event %}``: on an event's page, the tables being played on the site
right now, each one tap from watching; cached under the set of games being played,
read with the event (``live_games``, ``tournaments.event_cache``).

``{% abandoned_table table %}``: on the results desk, why the table's game was
abandoned and the organiser's three ways on (enter the result, replay, void)."""

from django import template
from django.db import connection
from django.db.models import IntegerField, Prefetch
from django.template.loader import render_to_string
from django.utils.translation import get_language

from games.registry import get_game
from play.access import can_start_table_game
from play.models import Game
from play.starting import has_walk_in
from scoring.submissions import unsettled_entry
from tournaments.event_cache import page_version
from tournaments.models import Seat
from tournaments.round_cache import cached_under

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
    game = getattr(table, "played_game", None)  # read once with the page's other asks
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


def live_games(_reader) -> dict:
    """The event page's annotation (``tournaments.event_cache.register_page_annotation``):
    how many of the event's games are being played and the sum of their ids. A game is
    ``playing`` only from its creation on and ids only grow, so the pair changes whenever
    the set does."""
    games = connection.ops.quote_name(Game._meta.db_table)
    params = [False, Game.Status.PLAYING]

    def of(what: str) -> tuple:
        sql = (
            f"SELECT {what} FROM {games} g JOIN {{table}} t ON t.id = g.table_id"
            " JOIN {round} r ON r.id = t.round_id"
            " WHERE r.event_id = {event}.id AND r.draft = %s AND g.status = %s"
        )
        return (sql, params, IntegerField())

    return {"live_games": of("COUNT(*)"), "live_games_sum": of("COALESCE(SUM(g.id), 0)")}


@register.simple_tag
def live_tables(event):
    """Built once per page version and set of games being played (``live_games``)."""
    key = ["live-tables", event.pk, page_version(event), event.live_games, event.live_games_sum]
    return cached_under([*key, get_language() or ""], lambda: live_tables_html(event))


def live_tables_html(event) -> str:
    seats = Seat.objects.select_related("entrant").order_by("position")
    games = (
        Game.objects.filter(
            table__round__event=event, table__round__draft=False, status=Game.Status.PLAYING
        )
        .select_related("table__round")
        .prefetch_related(Prefetch("table__seats", queryset=seats))
        .order_by("-table__round__number", "table__number")
    )
    return render_to_string("play/_live_tables.html", {"games": list(games[:LIVE_TABLES_SHOWN])})
