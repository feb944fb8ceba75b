"""The lobby: "Play now" against a built-in bot in two taps (the lobby, then the bot),
and my games, those waiting for my move first."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.models import Bot
from play.api.games import my_games
from play.starting import Taker, do_start_game
from tournaments.views.refusals import carried_out

# What "Play now" offers: the Quick Game (one round) and the full game.
LENGTHS = (1, 4)


def _number(text) -> int:
    return int(text) if isinstance(text, str) and text.isdigit() and len(text) < 10 else 0


def lobby(request):
    context = {"bots": Bot.objects.filter(kind=Bot.Kind.BUILTIN).order_by("name")[:12]}
    if request.user.is_authenticated:
        context["games"] = my_games(request.user)[:50]
    return render(request, "play/lobby.html", context)


@require_POST
@login_required
def play_now(request):
    bot = get_object_or_404(Bot, pk=_number(request.POST.get("bot")), kind=Bot.Kind.BUILTIN)
    rounds = _number(request.POST.get("rounds"))
    if rounds not in LENGTHS:
        rounds = LENGTHS[0]
    started = []
    takers = [Taker(str(request.user)[:80], user=request.user), Taker(bot.name, bot=bot)]
    if carried_out(
        request, lambda: started.append(do_start_game(request.user, takers, {"rounds": rounds}))
    ):
        return redirect("play:game", started[0].pk)
    return redirect("play:lobby")
