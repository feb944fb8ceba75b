"""The lobby: "Play now" against built-in bots in two taps (the lobby, then the bot;
the game is the bot's, with the length chosen among that game's lengths, if it has several;
with more opponents chosen, the chosen bot takes each of their seats (the level chosen
is the level played); a bot is offered to everyone once its author made it public, a private one to
its author alone); playing people (challenge someone, open a table, my open challenges
and tables, the open tables to join: ``play.lobby``); and my games, those waiting for my
move first."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from bots.models import Bot
from games.declaring import GameType
from games.registry import get_game, live_games
from lib.refusal_pages import back_to, carried_out
from play.api.games import my_games
from play.challenges import seat_range, terms
from play.lobby import my_open_challenges, open_tables
from play.starting import Taker, do_start_game, offered_builtin_bots
from play.views.learning import games_with_rules

MOST_OPPONENTS = 3
OPEN_TABLES_SHOWN = 30


@dataclass
class PlayNow:
    """One game's "Play now": its built-in bots, its lengths (``LivePlay.lengths``) and
    how many bots may sit with the person."""

    game: GameType
    bots: list[Bot]
    opponent_counts: range

    @property
    def lengths(self):
        return self.game.live.lengths


def _number(text) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() and len(text) < 10 else 0


def opponent_range(game: GameType) -> range:
    """How many bots may sit with one person at ``game``: its seats less one, at most
    ``MOST_OPPONENTS``."""
    seats = seat_range(game)
    return range(seats[0] - 1, min(seats[-1] - 1, MOST_OPPONENTS) + 1)


def opponents(bot: Bot, count: int) -> list[Taker]:
    """``count`` seats of ``bot``, numbered when there are several: "Play Medium bot"
    with two bots chosen seats two Medium bots, never a level nobody chose."""
    if count == 1:
        return [Taker(bot.name, bot=bot)]
    return [Taker(f"{bot.name[:76]} {n}", bot=bot) for n in range(1, count + 1)]


def play_now_offers(user) -> list[PlayNow]:
    """Per game played live, in the registry's order, the bots ``user`` may play now."""
    bots = list(offered_builtin_bots(user)[:12])
    offers = []
    for game in live_games():
        own = [bot for bot in bots if bot.game == game.key]
        if own:
            offers.append(PlayNow(game, own, opponent_range(game)))
    return offers


def lobby(request):
    games = live_games()
    context = {
        "one_game": games[0].name if len(games) == 1 else None,
        "offers": play_now_offers(request.user),
        "rules": games_with_rules(),
    }
    if request.user.is_authenticated:
        context["games"] = my_games(request.user)[:50]
        context["challenges"] = [
            (challenge, terms(challenge)) for challenge in my_open_challenges(request.user)
        ]
        context["tables"] = [
            (table, terms(table))
            for table in open_tables().exclude(seats__user=request.user)[:OPEN_TABLES_SHOWN]
        ]
    return render(request, "play/lobby.html", context)


@require_POST
@login_required
def play_now(request):
    bot = get_object_or_404(offered_builtin_bots(request.user), pk=_number(request.POST.get("bot")))
    game = get_game(bot.game)
    lengths = [rounds for rounds, _words in game.live.lengths]
    rounds = _number(request.POST.get("rounds"))
    options = {"rounds": rounds if rounds in lengths else lengths[0]} if lengths else {}
    counts = opponent_range(game)
    count = min(max(_number(request.POST.get("opponents")), counts[0]), counts[-1])
    started = []
    takers = [Taker(str(request.user)[:80], user=request.user), *opponents(bot, count)]
    if done := carried_out(
        request,
        lambda: started.append(do_start_game(request.user, takers, options, game=bot.game)),
    ):
        return redirect("play:game", started[0].pk)
    return back_to(request, done, "play:lobby")
