"""Bot ratings: openskill's Plackett-Luce over every finished bot match, in the order
the matches finished. Incremental and idempotent: each match is rated once (its
``rated`` flag is set in the same transaction that moves the bots' ratings). Each seat
keeps the bot's rating after the match, for the rating-over-time plot."""

from typing import cast

from django.db import transaction

from bots.models import Bot, Match, MatchSeat, WorkStatus
from games.ratings import new_rating, rate_table

BATCH = 20_000


def do_update_bot_ratings() -> int:
    """Rate the finished, unrated matches; return how many were rated."""
    rated = 0
    while True:
        count = _rate_some()
        rated += count
        if count < BATCH:
            return rated


def _rate_some() -> int:
    with transaction.atomic():
        ids = list(
            Match.objects.select_for_update()
            .filter(status=WorkStatus.DONE, rated=False)
            .order_by("finished_at", "id")
            .values_list("id", flat=True)[:BATCH]
        )
        if not ids:
            return 0
        seats_of: dict[int, list[MatchSeat]] = {}
        for seat in (
            MatchSeat.objects.filter(match_id__in=ids)
            .order_by("position")
            .only("match_id", "bot_id", "place")
        ):
            seats_of.setdefault(seat.match_id, []).append(seat)
        bot_ids = sorted({seat.bot_id for seats in seats_of.values() for seat in seats})
        bots = {bot.pk: bot for bot in Bot.objects.select_for_update().filter(pk__in=bot_ids)}
        ratings = {pk: new_rating(b.rating_mu, b.rating_sigma) for pk, b in bots.items()}
        rated_seats = []
        for match_id in ids:
            seats = seats_of.get(match_id, [])
            if len(seats) < 2:
                continue
            after = rate_table(
                [ratings[seat.bot_id] for seat in seats], [_place(seat) for seat in seats]
            )
            for seat, rating in zip(seats, after, strict=True):
                ratings[seat.bot_id] = rating
                bots[seat.bot_id].games_rated += 1
                seat.rating_after = rating.ordinal()
                rated_seats.append(seat)
        for pk, bot in bots.items():
            bot.rating_mu, bot.rating_sigma = ratings[pk].mu, ratings[pk].sigma
        Bot.objects.bulk_update(bots.values(), ["rating_mu", "rating_sigma", "games_rated"])
        MatchSeat.objects.bulk_update(rated_seats, ["rating_after"], batch_size=1000)
        Match.objects.filter(pk__in=ids).update(rated=True)
    return len(ids)


def _place(seat: MatchSeat) -> int:
    assert seat.place is not None, "a finished match's seats are placed"
    return seat.place


def rating_history(bot: Bot, points: int = 150) -> list[list[float]]:
    """[[match id, rating after it], ...] in the order the matches were rated, thinned
    evenly to at most ``points`` (the first and the last always kept)."""
    history = cast(  # the stubs miss the filter: no rating is None
        list[tuple[int, float]],
        list(
            MatchSeat.objects.filter(bot=bot, rating_after__isnull=False)
            .order_by("match__finished_at", "match_id")
            .values_list("match_id", "rating_after")
        ),
    )
    if len(history) <= points:
        return [list(point) for point in history]
    step = (len(history) - 1) / (points - 1)
    return [list(history[round(i * step)]) for i in range(points)]
