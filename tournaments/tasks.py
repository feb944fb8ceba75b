"""Tournaments' own tasks (the standings' are in ``standings.tasks``)."""

from celery import shared_task

from tournaments.models import Round
from tournaments.notices import do_notify_round_paired, do_notify_seats_swapped
from tournaments.pairing import do_pair_automatically
from tournaments.round_forfeits import do_close_check_in, due_rounds


@shared_task
def close_due_check_ins() -> int:
    """Run by beat: close every round's check-in whose window has passed (each once:
    ``do_close_check_in`` finds a round closed already and does nothing)."""
    return sum(len(do_close_check_in(Round(pk=pk))) for pk in due_rounds())


@shared_task(acks_late=True)
def notify_round_paired(round_id: int) -> int:
    """Each seated person of the round is told their table and seat as it stands; a task
    run twice writes each notice once (``tournaments.notices.do_notify_round_paired``)."""
    return do_notify_round_paired(round_id)


@shared_task(acks_late=True)
def pair_next_round(event_id: int, after_round: int) -> int | None:
    """Sent when round ``after_round`` gets its last result: the next round paired, if
    the event pairs automatically (``tournaments.pairing.do_pair_automatically``); its
    number, or None. Run twice, it pairs once: the second finds the round paired."""
    round_ = do_pair_automatically(event_id, after_round)
    return round_.number if round_ is not None else None


@shared_task(acks_late=True)
def notify_seats_swapped(round_id: int, table_ids: list[int]) -> int:
    """The people at tables whose seats were swapped in a published round are told
    where they sit now (``tournaments.notices.do_notify_seats_swapped``)."""
    return do_notify_seats_swapped(round_id, table_ids)
