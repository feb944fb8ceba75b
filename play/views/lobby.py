"""The lobby: "Play now" against built-in bots in two taps (the lobby, then the bot;
the game is the bot's, with the length chosen among that game's lengths, if it has several;
with more opponents chosen, the next public built-in bots of that game by name fill
the other seats; a bot is offered to everyone once its author made it public, a private one to
its author alone); playing people (challenge someone, open a table, my open challenges
and tables, the open tables to join: ``play.lobby``); and my games, those waiting for my
move first."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from bots.models import Bot
from config.refusal_pages import carried_out
from games.registry import GameType, get_game, live_games
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


def opponent_range(game: GameType, bots: int) -> range:
    """How many bots may sit with one person at ``game``: its seats less one, at most
    ``MOST_OPPONENTS`` and as many as there are ``bots``."""
    seats = seat_range(game)
    return range(seats[0] - 1, min(seats[-1] - 1, bots, MOST_OPPONENTS) + 1)


def opponents(user, bot: Bot, count: int) -> list[Bot]:
    """``bot`` and, for a bigger table (``count`` bots), the next public built-in bots of
    its game by name."""
    others = offered_builtin_bots(user).filter(public=True, game=bot.game).exclude(pk=bot.pk)
    return [bot, *others[: count - 1]]


def play_now_offers(user) -> list[PlayNow]:
    """Per game played live, in the registry's order, the bots ``user`` may play now."""
    bots = list(offered_builtin_bots(user)[:12])
    offers = []
    for game in live_games():
        own = [bot for bot in bots if bot.game == game.key]
        if own:
            offers.append(PlayNow(game, own, opponent_range(game, len(own))))
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
    counts = opponent_range(game, MOST_OPPONENTS)
    count = min(max(_number(request.POST.get("opponents")), counts[0]), counts[-1])
    bots = opponents(request.user, bot, count)
    started = []
    takers = [Taker(str(request.user)[:80], user=request.user)]
    takers += [Taker(each.name, bot=each) for each in bots]
    if carried_out(
        request,
        lambda: started.append(do_start_game(request.user, takers, options, game=bot.game)),
    ):
        return redirect("play:game", started[0].pk)
    return redirect("play:lobby")
