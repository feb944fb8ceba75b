"""A person's page on the Play side: their rating from rated friendly games (and from
events, across leagues), their friendly games, and a button to challenge them."""

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, render

from games.models import GameKey
from play.models import Game
from play.rated import friendly_rating
from tournaments.models import Rating

RECENT_GAMES = 20


def person_page(request, username):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    games = (
        Game.objects.filter(seats__user=person, table__isnull=True)
        .prefetch_related("seats")
        .order_by("-updated_at")[:RECENT_GAMES]
    )
    context = {
        "person": person,
        "friendly": friendly_rating(person, GameKey.CALL_TO_GLORY),
        "events": Rating.objects.filter(
            user=person, league__isnull=True, game=GameKey.CALL_TO_GLORY
        ).first(),
        "games": [
            (game, next(s for s in game.seats.all() if s.user_id == person.pk)) for game in games
        ],
        "may_challenge": request.user.is_authenticated and request.user.pk != person.pk,
    }
    return render(request, "play/person.html", context)
