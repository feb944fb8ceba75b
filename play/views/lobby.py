"""The lobby: "Play now" against built-in bots in two taps (the lobby, then the bot;
the game is the bot's, with the length chosen when that game is played in rounds;
with more opponents chosen, the next public built-in bots of that game by name fill
the other seats; a bot is offered to everyone once its author made it public, a private one to
its author alone); playing people (challenge someone, open a table, my open challenges
and tables, the open tables to join: ``play.lobby``); and my games, those waiting for my
move first."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from bots.models import Bot
from config.refusal_pages import carried_out
from games.registry import get_game, live_games
from play.api.games import my_games
from play.challenges import plays_in_rounds, terms
from play.lobby import my_open_challenges, open_tables
from play.starting import Taker, do_start_game, offered_builtin_bots

# What "Play now" offers: the Quick Game (one round) and the full game; 1 to 3 bots.
LENGTHS = (1, 4)
MOST_OPPONENTS = 3
OPEN_TABLES_SHOWN = 30


def _number(text) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() and len(text) < 10 else 0


def opponents(user, bot: Bot, count: int) -> list[Bot]:
    """``bot`` and, for a bigger table, the next public built-in bots of its game by
    name."""
    others = offered_builtin_bots(user).filter(public=True, game=bot.game).exclude(pk=bot.pk)
    return [bot, *others[: max(0, min(count, MOST_OPPONENTS) - 1)]]


def lobby(request):
    bots = list(offered_builtin_bots(request.user)[:12])
    games = {game.key: str(game.name) for game in live_games()}
    many = len(games) > 1  # then each bot says its game, and the heading none
    context = {
        "one_game": None if many else next(iter(games.values())),
        "bots": [(bot, games.get(bot.game, "") if many else "") for bot in bots],
        "opponent_counts": range(1, min(len(bots), MOST_OPPONENTS) + 1),
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
    rounds = _number(request.POST.get("rounds"))
    if rounds not in LENGTHS:
        rounds = LENGTHS[0]
    bots = opponents(request.user, bot, _number(request.POST.get("opponents")) or 1)
    started = []
    takers = [Taker(str(request.user)[:80], user=request.user)]
    takers += [Taker(each.name, bot=each) for each in bots]
    options = {"rounds": rounds} if plays_in_rounds(get_game(bot.game)) else {}
    if carried_out(
        request,
        lambda: started.append(do_start_game(request.user, takers, options, game=bot.game)),
    ):
        return redirect("play:game", started[0].pk)
    return redirect("play:lobby")
