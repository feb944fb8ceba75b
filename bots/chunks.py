"""Playing a chunk of a built-in-only batch: many games in one task, stored with one
bulk insert. The chunk is claimed like a match; its games exist as rows only once the
whole chunk is stored, so a chunk whose worker died is simply played again."""

import logging
import time

from django.db import transaction
from django.utils import timezone

from botplay import conf as botplay_conf
from botplay.players import player_for
from botplay.refereeing import play_game
from bots import conf
from bots.batches import close_batch_on_commit, mark_started
from bots.bulk import copy_insert
from bots.claims import ClaimLost, Lease, claim
from bots.matches import fault_fields
from bots.models import Bot, Chunk, Fault, Match, MatchSeat, WorkStatus
from bots.scheduling import bot_seed, derive_seed, lineup_of

log = logging.getLogger(__name__)


def do_play_chunk(chunk_id: int) -> int:
    """Claim, play and store a chunk, then, for up to ``conf.CHUNK_TASK_SECONDS``, the
    batch's next queued chunks: a busy worker goes on with the batch instead of waiting
    for its broker's next message (those chunks' own tasks then find nothing to do).
    Returns the number of games stored (0 if the chunk could not be claimed)."""
    deadline = time.monotonic() + conf.CHUNK_TASK_SECONDS
    batch_id = Chunk.objects.filter(pk=chunk_id).values_list("batch_id", flat=True).first()
    stored = _play_chunk(chunk_id)
    while stored and batch_id is not None and time.monotonic() < deadline:
        following = (
            Chunk.objects.filter(batch_id=batch_id, status=WorkStatus.QUEUED)
            .order_by("first")
            .values_list("pk", flat=True)
            .first()
        )
        if following is None:
            break
        stored += _play_chunk(following)
    return stored


def _play_chunk(chunk_id: int) -> int:
    token = claim(Chunk, chunk_id)
    if token is None:
        return 0
    chunk = Chunk.objects.select_related("batch").get(pk=chunk_id)
    batch = chunk.batch
    mark_started(batch.pk)
    bots = Bot.objects.in_bulk({pk for lineup in batch.lineups for pk in lineup})
    lease = Lease(Chunk, chunk.pk, token)
    try:
        with lease:
            games = play_chunk_games(batch, chunk, bots, lease)
        store_chunk(batch, games, lease)
    except ClaimLost:
        return 0
    except Exception:
        log.exception("chunk %s failed", chunk_id)
        Chunk.objects.filter(pk=chunk_id, claim_token=token).update(status=WorkStatus.FAILED)
        close_batch_on_commit(batch.pk)
        return 0
    return len(games)


def play_chunk_games(batch, chunk: Chunk, bots: dict, lease: Lease) -> list:
    games = []
    for number in range(chunk.first, chunk.last):
        lineup = [bots[pk] for pk in lineup_of(batch, number)]
        seed = derive_seed(batch.seed, number)
        outcome = play_game(
            batch.live,
            names=[bot.name for bot in lineup],
            players=[
                player_for(batch.live, bot, bot_seed(seed, pos)) for pos, bot in enumerate(lineup)
            ],
            seed=seed,
            options=batch.options,
            forfeit_after=botplay_conf.FORFEIT_AFTER_FAULTS,
        )
        games.append((number, seed, lineup, outcome))
        lease.tick()
    return games


def store_chunk(batch, games, lease: Lease) -> None:
    now = timezone.now()
    with transaction.atomic():
        lease.finish()
        copy_insert(
            Match,
            [
                {
                    "batch_id": batch.pk,
                    "number": number,
                    "seed": seed,
                    "options": batch.options,
                    "status": WorkStatus.DONE,
                    "attempts": 1,
                    "finished_at": now,
                    "record": outcome.record,
                    "result": outcome.result,
                }
                for number, seed, _lineup, outcome in games
            ],
        )
        ids = dict(
            Match.objects.filter(
                batch=batch, number__gte=games[0][0], number__lte=games[-1][0]
            ).values_list("number", "id")
        )
        copy_insert(
            MatchSeat,
            [
                {
                    "match_id": ids[number],
                    "position": position,
                    "bot_id": bot.pk,
                    "score": outcome.scores[position],
                    "place": outcome.places[position],
                    "forfeited": outcome.forfeited[position],
                    "faults": outcome.faults_of(position),
                }
                for number, _seed, lineup, outcome in games
                for position, bot in enumerate(lineup)
            ],
        )
        Fault.objects.bulk_create(
            Fault(match_id=ids[number], **fields)
            for number, _seed, lineup, outcome in games
            for fields in fault_fields(dict(enumerate(lineup)), outcome)
        )
        close_batch_on_commit(batch.pk)
