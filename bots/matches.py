"""Playing one match on a worker: claim it, play it, store it once.

A match is played from its stored seed, so when a worker dies mid-game (a platform
fault) the next claim plays the same game again from the start; nothing of the first
attempt was stored, so nothing is counted against a bot and nothing is recorded twice.
"""

import logging

from django.db import transaction
from django.utils import timezone

from botplay import conf as botplay_conf
from botplay.players import player_for
from botplay.refereeing import Outcome, play_game
from botplay.remote import stored_evidence
from bots.batches import close_batch_on_commit, mark_started
from bots.claims import ClaimLost, Lease, claim
from bots.models import Fault, Match, MatchSeat, WorkStatus
from bots.scheduling import bot_seed
from tournaments.models import Result
from tournaments.results import SeatOutcome, do_record_result

log = logging.getLogger(__name__)


def do_play_match(match_id: int) -> str:
    """Claim, play and store match ``match_id``; say what became of it. Safe to call
    any number of times: only a successful claim plays, only a held claim stores."""
    token = claim(Match, match_id)
    if token is None:
        return "not claimable"
    match = Match.objects.select_related("table__round__event", "batch").get(pk=match_id)
    seats = list(match.seats.select_related("bot").order_by("position"))
    lease = Lease(Match, match.pk, token)
    if match.batch_id is not None:
        mark_started(match.batch_id)
    try:
        with lease:
            assert match.batch is not None, "every match is queued in a batch"
            live = match.batch.live
            outcome = play_game(
                live,
                names=[seat.bot.name for seat in seats],
                players=[
                    player_for(live, seat.bot, bot_seed(match.seed, seat.position))
                    for seat in seats
                ],
                seed=match.seed,
                options=match.options,
                info={"match": match.pk, "attempt": match.attempts},
                forfeit_after=botplay_conf.FORFEIT_AFTER_FAULTS,
                tick=lease.tick,
            )
        do_store_match(match, seats, outcome, lease)
    except ClaimLost:
        return "claim lost"
    except Exception as exc:
        log.exception("match %s failed", match_id)
        Match.objects.filter(pk=match_id, claim_token=token).update(
            status=WorkStatus.FAILED, error=stored_evidence(f"{type(exc).__name__}: {exc}")
        )
        close_batch_on_commit(match.batch_id)
        return "failed"
    return "done"


def fault_fields(bots_by_position: dict, outcome: Outcome) -> list[dict]:
    return [
        {
            "position": note.position,
            "bot": bots_by_position[note.position],
            "kind": note.kind,
            "round_number": note.round_number,
            "move_number": note.move_number,
            "evidence": note.evidence,
        }
        for note in outcome.faults
    ]


def do_store_match(match: Match, seats: list[MatchSeat], outcome: Outcome, lease: Lease) -> None:
    """Store the record, the result, the seats and the faults in one transaction, and
    the event table's official result when the match is an event's; raise
    ``ClaimLost`` (storing nothing) when another worker holds the match now."""
    with transaction.atomic():
        lease.finish(
            record=outcome.record,
            result=outcome.result,
            finished_at=timezone.now(),
            error="",
            timings={"limits": outcome.limits, "decisions": outcome.timings},
        )
        for seat in seats:
            seat.score = outcome.scores[seat.position]
            seat.place = outcome.places[seat.position]
            seat.forfeited = outcome.forfeited[seat.position]
            seat.faults = outcome.faults_of(seat.position)
        MatchSeat.objects.bulk_update(seats, ["score", "place", "forfeited", "faults"])
        Fault.objects.bulk_create(
            Fault(match=match, **fields)
            for fields in fault_fields({seat.position: seat.bot for seat in seats}, outcome)
        )
        if match.table is not None:
            do_record_result(
                match.table,
                [
                    SeatOutcome(
                        position=seat.position,
                        score=outcome.scores[seat.position],
                        place=outcome.places[seat.position],
                    )
                    for seat in seats
                ],
                source=Result.Source.BOT,
                detail={"record": outcome.record, "bot_match": match.pk},
            )
        close_batch_on_commit(match.batch_id)
