"""A batch's progress, its finished games, its summary and its end."""

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from bots import signals
from bots.batch_changes import announce_progress
from bots.models import Batch, Fault, Match, MatchSeat, WorkStatus
from bots.statistics import Tally, tally
from lib import enqueue


@dataclass
class Progress:
    done: int
    failed: int
    total: int
    faults: int
    eta: timedelta | None
    finished: bool
    started: bool = False  # a worker has begun playing it

    @property
    def all_played(self) -> bool:
        """Every game is stored; the batch is closed a moment later."""
        return self.done + self.failed >= self.total

    @property
    def percent(self) -> int:
        return round(100 * (self.done + self.failed) / self.total) if self.total else 100


def batch_progress(batch: Batch) -> Progress:
    counts = dict(
        Match.objects.filter(batch=batch, status__in=[WorkStatus.DONE, WorkStatus.FAILED])
        .values_list("status")
        .annotate(n=Count("id"))
    )
    done, failed = counts.get(WorkStatus.DONE, 0), counts.get(WorkStatus.FAILED, 0)
    for first, last in batch.chunks.filter(status=WorkStatus.FAILED).values_list("first", "last"):
        failed += last - first
    finished = batch.status == WorkStatus.DONE
    eta = None
    if not finished and batch.started_at and done:
        elapsed = timezone.now() - batch.started_at
        eta = elapsed / done * (batch.total - done - failed)
    faults = Fault.objects.filter(match__batch=batch).count()
    started = batch.started_at is not None
    return Progress(done, failed, batch.total, faults, eta, finished, started)


LATEST_GAMES = 20


def latest_games(batch: Batch, limit: int = LATEST_GAMES) -> list[Match]:
    """The batch's last finished games, newest first, with their seats and bots."""
    return list(
        batch.matches.filter(status=WorkStatus.DONE)
        .order_by("-number")
        .prefetch_related("seats__bot")[:limit]
    )


@dataclass
class Summary:
    by_bot: list[Tally]  # keyed by the bot's name
    by_seat: list[Tally]  # keyed by the seat's number, from 1


def batch_summary(batch: Batch) -> Summary | None:
    """Wins and mean scores (95% interval) per bot and per seat over the finished games;
    ``None`` before any game finished."""
    seats = (
        MatchSeat.objects.filter(match__batch=batch, match__status=WorkStatus.DONE)
        .order_by("position", "bot__name")
        .values_list("bot__name", "position", "score", "place")
    )
    rows = [(name, pos, *_score_and_place(score, place)) for name, pos, score, place in seats]
    if not rows:
        return None
    by_bot = tally((name, score, place) for name, _pos, score, place in rows)
    by_seat = tally((position + 1, score, place) for _name, position, score, place in rows)
    return Summary(sorted(by_bot, key=lambda t: (-t.wins, -t.score.mean, t.key)), by_seat)


def _score_and_place(score: int | None, place: int | None) -> tuple[int, int]:
    """A finished game's seat's, which are stored with the game."""
    assert score is not None and place is not None
    return score, place


def mark_started(batch_id: int) -> None:
    if Batch.objects.filter(pk=batch_id, started_at__isnull=True).update(
        started_at=timezone.now(), status=WorkStatus.RUNNING
    ):
        announce_progress(batch_id)


def do_close_batch_if_finished(batch_id: int) -> bool:
    """Mark the batch done once all its work is, and then update the bots' ratings.
    Returns True only for the call that closed it."""
    batch = Batch.objects.get(pk=batch_id)
    pending = batch.chunks if batch.chunked else batch.matches
    open_work = pending.filter(status__in=[WorkStatus.QUEUED, WorkStatus.RUNNING]).exists()
    if open_work:
        return False
    with transaction.atomic():
        closed = (
            Batch.objects.filter(pk=batch_id)
            .exclude(status=WorkStatus.DONE)
            .update(status=WorkStatus.DONE, finished_at=timezone.now())
        )
        if closed:
            announce_progress(batch_id)
            enqueue.on_commit("bots.tasks.update_bot_ratings")
            signals.send_on_commit(signals.batch_finished, batch_id=batch_id)
    return bool(closed)


def close_batch_on_commit(batch_id: int | None) -> None:
    """After a match or chunk of the batch is stored or failed: its progress moved on
    (announced), and the batch is closed if that was its last work."""
    if batch_id is not None:
        announce_progress(batch_id)
        transaction.on_commit(lambda: do_close_batch_if_finished(batch_id))
