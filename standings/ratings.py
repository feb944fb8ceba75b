"""Ratings: OpenSkill (Plackett-Luce) per league and per game across leagues, from the
official results in the order they were recorded. An update rates the results recorded
since the last one from their players' stored ratings (``follow_results``), which
gives what a rebuild from every result gives, float for float (the same operations in
the same order); ``recompute_ratings`` compares a rebuild with what is stored."""

from collections import defaultdict
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from games.ratings import new_rating, rate_table
from tournaments import live
from tournaments.models import (
    League,
    Rating,
    RatingsMark,
    RatingsRebuild,
    Result,
    SeatResult,
)


def who(user_id, bot_id) -> tuple:
    return ("user", user_id) if user_id else ("bot", bot_id)


def rate(rows, start: dict | None = None) -> dict:
    """``rows``: (result id, user id, bot id, place) ordered by result; ``start``: the
    ratings before them, {who: (mu, sigma, games, history)} (none: everyone new).
    Returns {who: (mu, sigma, games, history)} of everyone the rows rated."""
    ratings, games, history = {}, defaultdict(int), defaultdict(list)
    for w, (mu, sigma, played, before) in (start or {}).items():
        ratings[w], games[w], history[w] = new_rating(mu, sigma), played, list(before)
    by_result = defaultdict(list)
    order = []
    for result_id, user_id, bot_id, place in rows:
        if result_id not in by_result:
            order.append(result_id)
        by_result[result_id].append((who(user_id, bot_id), place))
    rated = set()
    for result_id in order:
        seats = by_result[result_id]
        if len(seats) < 2:
            continue
        before = [ratings.get(w) or new_rating() for w, _ in seats]
        after = rate_table(before, [place for _, place in seats])
        for (w, _), new in zip(seats, after, strict=True):
            ratings[w] = new
            games[w] += 1
            history[w].append([result_id, round(new.ordinal(), 3)])
            rated.add(w)
    return {w: (ratings[w].mu, ratings[w].sigma, games[w], history[w]) for w in rated}


def rows_for(league_id, game):
    """The league's (or, with none, every league's) seat results of ``game`` in the
    order ratings read them: (result id, user id, bot id, place, recorded)."""
    query = SeatResult.objects.filter(result__event__game=game)
    if league_id is not None:
        query = query.filter(result__event__season__league_id=league_id)
    return query.order_by("result__recorded_at", "result_id", "position").values_list(
        "result_id", "entrant__user_id", "entrant__bot_id", "place", "result__recorded_at"
    )


def computed(league_id, game) -> dict:
    return rate(row[:4] for row in rows_for(league_id, game))


def stored(league_id, game, players=None) -> dict:
    """The stored ratings, {who: (mu, sigma, games, history)}; ``players``: only theirs."""
    ratings = Rating.objects.filter(league_id=league_id, game=game)
    if players is not None:
        ratings = ratings.filter(of_players(players))
    return {
        who(r.user_id, r.bot_id): (r.mu, r.sigma, r.games, r.history) for r in ratings.order_by()
    }


def of_players(players) -> Q:
    """The ratings of ``players`` (``who`` keys)."""
    users = [key for kind, key in players if kind == "user"]
    return Q(user_id__in=users) | Q(bot_id__in=[key for kind, key in players if kind == "bot"])


def do_store_ratings(league_id, game, values: dict, replace_all: bool = True) -> int:
    """Store ``values`` as the ratings; ``replace_all``: drop every other one too."""
    with transaction.atomic():
        ratings = Rating.objects.filter(league_id=league_id, game=game)
        if not replace_all:
            ratings = ratings.filter(of_players(values))
        ratings.delete()
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
            # In key order: each row's user or bot is share-locked (its key's check), and
            # a write holding two users' rows took them in id order (a deadlock once).
            for (kind, key), (mu, sigma, games, history) in sorted(values.items())
        )
        if league_id is not None:
            live.announce_league_change(league_id)
    return len(values)


def do_rebuild_ratings(league_id: int, game: str) -> int:
    """Rebuild the league's ratings for ``game`` and the game's across all leagues."""
    return do_update_ratings(league_id, game, rebuild=True)


def do_update_ratings(league_id: int, game: str, rebuild: bool = False) -> int:
    """Follow the results recorded since the last update, the league's ratings for
    ``game`` and the game's across all leagues: a rebuild read every result ever
    recorded of the game (3 s of CPU at a 7,500-player event's fourth round, and
    growing with the site), where the new results are a few tables'."""
    count = 0
    # A league deleted after its last results sent this has no ratings left to follow
    # (its mark would name no league); the game's across all leagues still follow.
    if League.objects.filter(pk=league_id).exists():
        count = follow_results(league_id, game, rebuild)
    follow_results(None, game, rebuild)
    return count


def follow_results(league_id, game, rebuild: bool = False) -> int:
    """Rate the results after the league's ``RatingsMark`` from their players' stored
    ratings, or all of them (``rebuild``; a ``RatingsRebuild`` waiting; or the
    results up to the mark are not the ones it counted); move the mark to the last
    result rated. The mark's row is held meanwhile, so two updates of one league and
    game take turns."""
    with transaction.atomic():
        mark = locked_mark(league_id, game)
        asked = RatingsRebuild.objects.filter(league_id=league_id, game=game)
        asked = list(asked.values_list("pk", flat=True))
        rows = rows_for(league_id, game)
        rebuild = rebuild or bool(asked) or mark.recorded_at is None
        if not rebuild:  # a result stamped before the mark but committed after it
            rebuild = count_results(rows.filter(up_to(mark))) != mark.results
        if not rebuild:
            rows = rows.filter(~up_to(mark))
        rows = list(rows)
        players = {who(user_id, bot_id) for _, user_id, bot_id, _, _ in rows}
        start = None if rebuild else stored(league_id, game, players)
        values = rate([row[:4] for row in rows], start)
        if rebuild or values:
            do_store_ratings(league_id, game, values, replace_all=rebuild)
        if rows:
            mark.result_id, mark.recorded_at = rows[-1][0], rows[-1][4]
            mark.results = len({row[0] for row in rows}) + (0 if rebuild else mark.results)
        mark.save()
        RatingsRebuild.objects.filter(pk__in=asked).delete()
    return len(values)


def locked_mark(league_id, game) -> RatingsMark:
    RatingsMark.objects.get_or_create(league_id=league_id, game=game)
    return RatingsMark.objects.select_for_update().get(league_id=league_id, game=game)


def up_to(mark: RatingsMark) -> Q:
    """The seat results of results up to the mark, in the order ratings read them."""
    return Q(result__recorded_at__lt=mark.recorded_at) | Q(
        result__recorded_at=mark.recorded_at, result_id__lte=mark.result_id
    )


def count_results(rows) -> int:
    return rows.order_by().values("result_id").distinct().count()


def newer_result_exists(league_id, game, after: str) -> bool:
    return Result.objects.filter(
        event__season__league_id=league_id,
        event__game=game,
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
