"""Bot ratings: openskill's Plackett-Luce over every finished bot match, in the order
the matches finished. Incremental and idempotent: each match is rated once (its
``rated`` flag is set in the same transaction that moves the bots' ratings)."""

from django.db import transaction
from openskill.models import PlackettLuce

from bots.models import Match, MatchSeat, WorkStatus
from games.models import Bot

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
    model = PlackettLuce()
    with transaction.atomic():
        ids = list(
            Match.objects.select_for_update()
            .filter(status=WorkStatus.DONE, rated=False)
            .order_by("finished_at", "id")
            .values_list("id", flat=True)[:BATCH]
        )
        if not ids:
            return 0
        places: dict[int, list[tuple[int, int]]] = {}
        for match_id, bot_id, place in (
            MatchSeat.objects.filter(match_id__in=ids)
            .order_by("position")
            .values_list("match_id", "bot_id", "place")
        ):
            places.setdefault(match_id, []).append((bot_id, place))
        bot_ids = sorted({bot_id for seats in places.values() for bot_id, _ in seats})
        bots = {bot.pk: bot for bot in Bot.objects.select_for_update().filter(pk__in=bot_ids)}
        ratings = {pk: model.rating(mu=b.rating_mu, sigma=b.rating_sigma) for pk, b in bots.items()}
        for match_id in ids:
            seats = places.get(match_id, [])
            if len(seats) < 2:
                continue
            teams = model.rate([[ratings[b]] for b, _ in seats], ranks=[p for _, p in seats])
            for (bot_id, _), (rating,) in zip(seats, teams, strict=True):
                ratings[bot_id] = rating
                bots[bot_id].games_rated += 1
        for pk, bot in bots.items():
            bot.rating_mu, bot.rating_sigma = ratings[pk].mu, ratings[pk].sigma
        Bot.objects.bulk_update(bots.values(), ["rating_mu", "rating_sigma", "games_rated"])
        Match.objects.filter(pk__in=ids).update(rated=True)
    return len(ids)
