"""A person's page on the Play side: for each game they have a friendly rating or
friendly games in (named by the registry), their rating from rated friendly games and
from events (across leagues) and their recent friendly games; and a button to challenge
them. A person with neither sees the default game's, empty."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404, render

from games.registry import DEFAULT_GAME, get_game
from play.models import FriendlyRating, Game
from play.rated import friendly_ratings
from tournaments.models import Rating

RECENT_GAMES = 20


@dataclass
class GamePlayed:
    """One game (a registry key) as the person's page shows it."""

    key: str
    name: str
    friendly: FriendlyRating | None
    events: Rating | None
    games: list


def person_page(request, username):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    ratings = friendly_ratings(person)
    friendly = Game.objects.filter(seats__user=person, table__isnull=True)
    keys = set(ratings) | set(friendly.values_list("game", flat=True).distinct())
    keys = sorted(keys or {DEFAULT_GAME}, key=lambda key: (key != DEFAULT_GAME, key))
    events = {
        rating.game: rating
        for rating in Rating.objects.filter(user=person, league__isnull=True, game__in=keys)
    }
    played = []
    for key in keys:
        games = friendly.filter(game=key).prefetch_related("seats").order_by("-updated_at")
        played.append(
            GamePlayed(
                key,
                str(get_game(key).name),
                ratings.get(key),
                events.get(key),
                [
                    (game, next(s for s in game.seats.all() if s.user_id == person.pk))
                    for game in games[:RECENT_GAMES]
                ],
            )
        )
    context = {
        "person": person,
        "played": played,
        "may_challenge": request.user.is_authenticated and request.user.pk != person.pk,
    }
    return render(request, "play/person.html", context)
