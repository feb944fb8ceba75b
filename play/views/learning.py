"""The "How to play" pages: each game's rules in our own words, as its registration
draws them (``LivePlay.how_to_play_template``), linked from the lobby and from every
game page."""

from django.http import Http404
from django.shortcuts import render

from games.declaring import GameType
from games.registry import live_games


def games_with_rules() -> list[GameType]:
    """The games played on the site that have a "How to play" page."""
    return [game for game in live_games() if game.played.how_to_play_template]


def how_to_play(request, game):
    found = next((each for each in games_with_rules() if each.key == game), None)
    if found is None:
        raise Http404
    live = found.live
    return render(request, live.how_to_play_template, {"game": found, **live.how_to_play_context()})
