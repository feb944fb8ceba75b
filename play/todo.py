"""What needs a person on the Play side (the home page's "What needs you now"): each
challenge waiting for their answer, and each friendly correspondence game waiting for
their move, the longest-waiting first (an event's table is on the list already)."""

from django.urls import reverse
from django.utils.translation import gettext as _

from play.api.games import my_games
from play.challenges import terms
from play.models import Challenge, Game, Pace

CHALLENGE = "challenge"
YOUR_MOVE = "your-move"
# The games listed at most (the lobby's "My games" lists them all).
MOST_GAMES = 10


def what_needs_me(user) -> list:
    return challenges_to_answer(user) + moves_to_make(user)


def moves_to_make(user) -> list:
    from tournaments.todo import Todo

    games = my_games(user).filter(
        my_turn=True, table__isnull=True, pace=Pace.CORRESPONDENCE, status=Game.Status.PLAYING
    )
    items = []
    for game in games[:MOST_GAMES]:
        others = ", ".join(seat.name for seat in game.seats.all() if seat.user_id != user.pk)
        text = _("Your move against %(others)s.") % {"others": others}
        items.append(Todo(YOUR_MOVE, text, reverse("play:game", args=[game.pk]), None))
    return items


def challenges_to_answer(user) -> list:
    from tournaments.todo import Todo

    waiting = (
        Challenge.objects.filter(
            kind=Challenge.Kind.CHALLENGE,
            status=Challenge.Status.OPEN,
            seats__user=user,
            seats__accepted=False,
        )
        .select_related("created_by")
        .order_by("created_at")
    )
    return [
        Todo(
            CHALLENGE,
            _("%(name)s challenges you to a game of %(game)s (%(terms)s): accept or decline.")
            % {
                "name": challenge.created_by,
                "game": challenge.game_name,
                "terms": terms(challenge),
            },
            reverse("play:challenge", args=[challenge.pk]),
            None,
        )
        for challenge in waiting
    ]
