"""Ratings: OpenSkill (Plackett-Luce) per league and per game across leagues, rebuilt
from the official results in the order they were recorded. Rebuilding is the update:
it is idempotent, and ``recompute_ratings`` compares a rebuild with what is stored."""

from collections import defaultdict
from datetime import datetime

from django.db import transaction

from games.ratings import new_rating, rate_table
from tournaments import live
from tournaments.models import Rating, Result, SeatResult


def who(user_id, bot_id) -> tuple:
    return ("user", user_id) if user_id else ("bot", bot_id)


def rate(rows) -> dict:
    """``rows``: (result id, user id, bot id, place) ordered by result. Returns
    {who: (mu, sigma, games, history)}."""
    ratings, games, history = {}, defaultdict(int), defaultdict(list)
    by_result = defaultdict(list)
    order = []
    for result_id, user_id, bot_id, place in rows:
        if result_id not in by_result:
            order.append(result_id)
        by_result[result_id].append((who(user_id, bot_id), place))
    for result_id in order:
        seats = by_result[result_id]
        if len(seats) < 2:
            continue
        before = [ratings.get(w) or new_rating() for w, _ in seats]
        rated = rate_table(before, [place for _, place in seats])
        for (w, _), new in zip(seats, rated, strict=True):
            ratings[w] = new
            games[w] += 1
            history[w].append([result_id, round(new.ordinal(), 3)])
    return {w: (r.mu, r.sigma, games[w], history[w]) for w, r in ratings.items()}


def rows_for(league_id, game):
    query = SeatResult.objects.filter(result__table__round__event__game=game)
    if league_id is not None:
        query = query.filter(result__table__round__event__season__league_id=league_id)
    return query.order_by("result__recorded_at", "result_id", "position").values_list(
        "result_id", "entrant__user_id", "entrant__bot_id", "place"
    )


def computed(league_id, game) -> dict:
    return rate(rows_for(league_id, game))


def stored(league_id, game) -> dict:
    return {
        who(r.user_id, r.bot_id): (r.mu, r.sigma, r.games, r.history)
        for r in Rating.objects.filter(league_id=league_id, game=game)
    }


def do_store_ratings(league_id, game, values: dict) -> int:
    with transaction.atomic():
        Rating.objects.filter(league_id=league_id, game=game).delete()
        Rating.objects.bulk_create(
            Rating(
                league_id=league_id,
                game=game,
                user_id=key if kind == "user" else None,
                bot_id=key if kind == "bot" else None,
                mu=mu,
                sigma=sigma,
                games=games,
                history=history,
            )
            for (kind, key), (mu, sigma, games, history) in values.items()
        )
        if league_id is not None:
            live.announce_league_change(league_id)
    return len(values)


def do_rebuild_ratings(league_id: int, game: str) -> int:
    """Rebuild the league's ratings for ``game`` and the game's across all leagues."""
    count = do_store_ratings(league_id, game, computed(league_id, game))
    do_store_ratings(None, game, computed(None, game))
    return count


def newer_result_exists(league_id, game, after: str) -> bool:
    return Result.objects.filter(
        table__round__event__season__league_id=league_id,
        table__round__event__game=game,
        recorded_at__gt=datetime.fromisoformat(after),
    ).exists()


def differences(league_id, game) -> list[str]:
    """What a rebuild would change in the stored ratings, one line each."""
    now, then = computed(league_id, game), stored(league_id, game)
    lines = []
    for key in sorted(set(now) | set(then), key=str):
        a, b = then.get(key), now.get(key)
        if a is None or b is None or abs(a[0] - b[0]) > 1e-9 or a[2] != b[2]:
            lines.append(
                f"{key[0]} {key[1]}: stored {a and round(a[0], 4)}, "
                f"recomputed {b and round(b[0], 4)}"
            )
    return lines
