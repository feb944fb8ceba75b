from celery import shared_task

from standings.computing import run_standings_task
from standings.ratings import do_update_ratings, newer_result_exists


@shared_task(acks_late=True)
def update_standings(event_id: int) -> int | None:
    """Recompute an event's standings from its results if requests are waiting, one
    task in flight per event (see ``standings.computing``). Idempotent."""
    return run_standings_task(event_id)


@shared_task(acks_late=True)
def update_ratings(league_id: int, game: str, after: str | None = None) -> int | None:
    """Have the league's and the game's ratings follow the results recorded since the
    last update; skipped when a result recorded later than ``after`` (ISO time) will
    send its own update."""
    if after and newer_result_exists(league_id, game, after):
        return None
    return do_update_ratings(league_id, game)
