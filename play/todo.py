"""What needs a person on the Play side (the home page's "What needs you now"): each
challenge waiting for their answer, and each friendly correspondence game waiting for
their move, the longest-waiting first (an event's table is on the list already).

Every signed-in reader of the home page asks both, so their queries are compiled once
per process (``lib.compiled``), built with a marker for the person."""

from django.db.models import prefetch_related_objects
from django.urls import reverse
from django.utils.translation import gettext as _

from lib.compiled import CompiledQuery
from play.api.games import my_games
from play.challenges import terms
from play.models import Challenge, Game, Pace
from tournaments.todo import PERSON, Todo, person

CHALLENGE = "challenge"
YOUR_MOVE = "your-move"
# The games listed at most (the lobby's "My games" lists them all).
MOST_GAMES = 10


def waiting_games(user):
    """The friendly correspondence games waiting for ``user``'s move."""
    return my_games(user).filter(
        my_turn=True, table__isnull=True, pace=Pace.CORRESPONDENCE, status=Game.Status.PLAYING
    )[:MOST_GAMES]


def waiting_challenges(user):
    """The challenges to ``user`` they have not answered, the oldest first."""
    return (
        Challenge.objects.filter(
            kind=Challenge.Kind.CHALLENGE,
            status=Challenge.Status.OPEN,
            seats__user=user,
            seats__accepted=False,
        )
        .select_related("created_by")
        .order_by("created_at")
    )


GAMES_WAITING = CompiledQuery(lambda user_id: waiting_games(person(user_id)), PERSON)
CHALLENGES_WAITING = CompiledQuery(lambda user_id: waiting_challenges(person(user_id)), PERSON)


def what_needs_me(user) -> list:
    return challenges_to_answer(user) + moves_to_make(user)


def moves_to_make(user) -> list:
    games = GAMES_WAITING.fetch(user.pk)
    prefetch_related_objects(games, "seats")
    items = []
    for game in games:
        others = ", ".join(seat.name for seat in game.seats.all() if seat.user_id != user.pk)
        text = _("Your move against %(others)s.") % {"others": others}
        items.append(Todo(YOUR_MOVE, text, reverse("play:game", args=[game.pk]), None))
    return items


def challenges_to_answer(user) -> list:
    waiting = CHALLENGES_WAITING.fetch(user.pk)
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
