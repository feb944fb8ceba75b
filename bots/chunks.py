"""Playing a chunk of a built-in-only batch: many games in one task, stored with one
bulk insert. The chunk is claimed like a match; its games exist as rows only once the
whole chunk is stored, so a chunk whose worker died is simply played again."""

import logging

from django.db import transaction
from django.utils import timezone

from bots import conf
from bots.batches import close_batch_on_commit, mark_started
from bots.claims import ClaimLost, Lease, claim
from bots.matches import fault_rows
from bots.models import Chunk, Fault, Match, MatchSeat, WorkStatus
from bots.players import player_for
from bots.refereeing import play_game
from bots.scheduling import bot_seed, derive_seed, lineup_of
from games.models import Bot

log = logging.getLogger(__name__)


def do_play_chunk(chunk_id: int) -> int:
    """Claim, play and store a chunk; the number of games stored (0 if not claimed)."""
    token = claim(Chunk, chunk_id)
    if token is None:
        return 0
    chunk = Chunk.objects.select_related("batch").get(pk=chunk_id)
    batch = chunk.batch
    mark_started(batch.pk)
    bots = Bot.objects.in_bulk({pk for lineup in batch.lineups for pk in lineup})
    lease = Lease(Chunk, chunk.pk, token)
    try:
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
            names=[bot.name for bot in lineup],
            players=[player_for(bot, bot_seed(seed, pos)) for pos, bot in enumerate(lineup)],
            seed=seed,
            options=batch.options,
            forfeit_after=conf.FORFEIT_AFTER_FAULTS,
        )
        games.append((number, seed, lineup, outcome))
        lease.tick()
    return games


def store_chunk(batch, games, lease: Lease) -> None:
    now = timezone.now()
    with transaction.atomic():
        lease.finish()
        matches = Match.objects.bulk_create(
            Match(
                batch=batch,
                number=number,
                seed=seed,
                options=batch.options,
                status=WorkStatus.DONE,
                attempts=1,
                finished_at=now,
                record=outcome.record,
                result=outcome.result,
            )
            for number, seed, _lineup, outcome in games
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(
                match=match,
                position=position,
                bot=bot,
                score=outcome.scores[position],
                place=outcome.places[position],
                forfeited=outcome.forfeited[position],
                faults=outcome.faults_of(position),
            )
            for match, (_n, _s, lineup, outcome) in zip(matches, games, strict=True)
            for position, bot in enumerate(lineup)
        )
        Fault.objects.bulk_create(
            fault
            for match, (_n, _s, lineup, outcome) in zip(matches, games, strict=True)
            for fault in fault_rows(match, dict(enumerate(lineup)), outcome)
        )
        close_batch_on_commit(batch.pk)
