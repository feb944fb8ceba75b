"""The league's page: its seasons and events, and its leaderboard."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from standings.leaderboard import Leaderboard
from tournaments.league_changes import league_stamp
from tournaments.models import Season
from tournaments.permissions import access_league, is_league_organiser


def board_columns(sort: str) -> list[tuple[str, str, str]]:
    """The leaderboard's columns: key, heading and, for the column it is sorted by, its
    ``aria-sort`` (names A to Z, numbers highest first)."""
    columns = [
        ("name", _("Name")),
        ("events", _("Events")),
        ("wins", _("Wins")),
        ("points", _("Points")),
        ("rating", _("Rating")),
    ]
    order = {"name": "ascending"}
    return [
        (key, label, order.get(key, "descending") if key == sort else "") for key, label in columns
    ]


def league_detail(request, slug):
    """The league's seasons and events, and its leaderboard (``?season=`` one season,
    ``?game=`` one game, ``?sort=`` a column); archived events only for its organisers."""
    league, events = access_league(request.user, slug)
    # Before what it stamps: the events' standings and the ratings, read by the board.
    stamp = league_stamp(league.pk, tuple(sorted(event.pk for event in events)))
    is_organiser = is_league_organiser(request.user, league)
    events = [event for event in events if is_organiser or not event.is_archived]
    seasons = list(league.seasons.all())
    board = Leaderboard(
        league, events, request.GET.get("season"), request.GET.get("sort"), request.GET.get("game")
    )
    return render(
        request,
        "standings/league_detail.html",
        {
            "league": league,
            "stamp": stamp,
            "events": events,
            "board": board,
            "board_columns": board_columns(board.sort),
            "seasons": seasons,
            "open_season": any(season.status == Season.Status.OPEN for season in seasons),
            "is_organiser": is_organiser,
        },
    )
