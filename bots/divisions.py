"""Ladders run as divisions (docs/bots.md, "Divisions"): every run of a ladder with
``division_size`` set is a *cycle*, one batch holding a round robin inside each
division. When the cycle's batch is played, the next run closes it: each division's
bots are ranked (wins, then mean score, then rating), the top ``promoted`` of a
division go up one and the bottom ``promoted`` go down one, and a bot that forfeited
``QUARANTINE_FORFEITS`` games of the cycle (timeouts, crashes: three faults in a game
forfeit it) is quarantined: it sits out the next ``QUARANTINE_CYCLES`` cycles instead of
stalling them, is relegated, and its author reads why on the bot's page and the
ladder's. A bot new to the ladder joins the bottom division (at the first cycle, the
divisions are filled by rating)."""

import logging
from collections import defaultdict

from django.db import transaction
from django.utils.translation import gettext as _

from bots.models import (
    Batch,
    DivisionCycle,
    DivisionSeat,
    Ladder,
    MatchSeat,
    WorkStatus,
    said_bot_name,
)
from bots.scheduling import do_schedule_batch, round_robin_lineups
from home.charts import Series, line_chart
from lib.refusal import Refusal, attempted

log = logging.getLogger(__name__)

QUARANTINE_FORFEITS = 2
QUARANTINE_CYCLES = 2


def check_divisions(division_size: int, promoted: int, table_size: int) -> None:
    """Refuse divisions that cannot play a round robin or promote anyone."""
    if division_size == 0:
        return
    if division_size < max(2, table_size):
        raise Refusal(
            _("A division needs at least %(size)d bots (a table's).") % {"size": table_size},
            field="division_size",
        )
    if not 1 <= promoted <= division_size // 2:
        raise Refusal(
            _("Between 1 and %(most)d (half a division).") % {"most": division_size // 2},
            field="promoted",
        )


def seat_newcomers(ladder: Ladder) -> None:
    """A division for every bot of the ladder without one (and none for a bot that
    left it): by rating at the first cycle, else the bottom division, a new one below
    it when it is full."""
    bots = list(ladder.bots.all())
    DivisionSeat.objects.filter(ladder=ladder).exclude(bot__in=bots).delete()
    sizes: defaultdict[int, int] = defaultdict(int)
    for division in DivisionSeat.objects.filter(ladder=ladder).values_list("division", flat=True):
        sizes[division] += 1
    seated = set(DivisionSeat.objects.filter(ladder=ladder).values_list("bot_id", flat=True))
    newcomers = sorted((bot for bot in bots if bot.pk not in seated), key=lambda b: -b.rating)
    bottom = max(sizes, default=1)
    for bot in newcomers:
        if sizes[bottom] >= ladder.division_size:
            bottom += 1
        sizes[bottom] += 1
        DivisionSeat.objects.create(ladder=ladder, bot=bot, division=bottom)


def cycle_lineups(ladder: Ladder, number: int) -> list[list]:
    """The round robin of each division among its bots not in quarantine."""
    by_division = defaultdict(list)
    seats = DivisionSeat.objects.filter(ladder=ladder, quarantined_until__lte=number)
    for seat in seats.select_related("bot"):
        by_division[seat.division].append(seat.bot)
    lineups = []
    for division in sorted(by_division):
        bots = by_division[division]
        if len(bots) >= ladder.table_size:
            lineups += round_robin_lineups(bots, ladder.table_size)
    return lineups


def do_run_division_cycle(ladder: Ladder) -> Batch | None:
    """Close the cycle that was played and schedule the next; nothing while the
    current cycle still plays (a slow bot delays its own games, not the next cycle's
    scheduling: its forfeits quarantine it)."""
    current = ladder.cycles.filter(closed=False).select_related("batch").first()
    if current is not None:
        if current.batch is not None and current.batch.status != WorkStatus.DONE:
            return None
        close_cycle(ladder, current)
    seat_newcomers(ladder)
    number = (ladder.cycles.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    lineups = cycle_lineups(ladder, number)
    if not lineups:
        return None
    scheduled = attempted(_schedule_cycle, ladder, number, lineups)
    if scheduled.refusal is not None:  # its author's budget (bots.quotas): the next run tries again
        log.warning("ladder %s: cycle not scheduled: %s", ladder.pk, scheduled.refusal.message)
    return scheduled.answer


def _schedule_cycle(ladder: Ladder, number: int, lineups: list) -> Batch:
    with transaction.atomic():
        batch = do_schedule_batch(
            ladder.created_by,
            Batch.Kind.LADDER,
            lineups,
            games_per_lineup=ladder.games_per_pairing,
            options=ladder.options,
            name=f"{ladder.name} – cycle {number}",  # as a ladder round's (bots.ladders)
            ladder=ladder,
        )
        DivisionCycle.objects.create(ladder=ladder, number=number, batch=batch)
        Ladder.objects.filter(pk=ladder.pk).update(rounds_played=number)
    return batch


def cycle_tallies(cycle: DivisionCycle) -> dict:
    """Per bot id: games, wins, score sum and forfeits in the cycle's matches."""
    tallies: defaultdict[int, dict[str, int]] = defaultdict(
        lambda: {"games": 0, "wins": 0, "score": 0, "forfeits": 0}
    )
    seats = MatchSeat.objects.filter(match__batch=cycle.batch_id, match__status=WorkStatus.DONE)
    for bot_id, place, score, forfeited in seats.values_list("bot", "place", "score", "forfeited"):
        row = tallies[bot_id]
        row["games"] += 1
        row["wins"] += place == 1
        row["score"] += score or 0
        row["forfeits"] += forfeited
    return tallies


def ranked(seats: list[DivisionSeat], tallies: dict) -> list[DivisionSeat]:
    """A division's bots, best first: those that played by wins, mean score and
    rating; those that did not (quarantined) last."""

    def key(seat):
        row = tallies.get(seat.bot_id)
        if not row or not row["games"]:
            return (1, 0, 0, -seat.bot.rating)
        return (0, -row["wins"], -row["score"] / row["games"], -seat.bot.rating)

    return sorted(seats, key=key)


def moves_of(divisions: dict, promoted: int) -> dict:
    """Per bot id: "up" or "down" (the top of a division below the first goes up, the
    bottom of a division above the last goes down)."""
    moves, numbers = {}, sorted(divisions)
    for division, seats in divisions.items():
        k = min(promoted, len(seats) // 2)
        if division != numbers[0]:
            moves.update({seat.bot_id: "up" for seat in seats[:k]})
        if division != numbers[-1]:
            moves.update({seat.bot_id: "down" for seat in seats[len(seats) - k :]})
    return moves


def close_cycle(ladder: Ladder, cycle: DivisionCycle) -> None:
    """Rank each division, quarantine the bots that forfeited repeatedly, promote and
    relegate, and keep the standings."""
    tallies = cycle_tallies(cycle)
    by_division = defaultdict(list)
    for seat in DivisionSeat.objects.filter(ladder=ladder).select_related("bot"):
        row = tallies.get(seat.bot_id, {})
        if row.get("forfeits", 0) >= QUARANTINE_FORFEITS:
            seat.quarantined_until = cycle.number + 1 + QUARANTINE_CYCLES
            seat.quarantine_reason = _(
                "Forfeited %(forfeits)d of %(games)d games in cycle %(cycle)d (its faults are "
                "on its page): it sits out until cycle %(until)d."
            ) % {
                "forfeits": row["forfeits"],
                "games": row["games"],
                "cycle": cycle.number,
                "until": seat.quarantined_until,
            }
        by_division[seat.division].append(seat)
    divisions = {d: ranked(seats, tallies) for d, seats in by_division.items()}
    moves = moves_of(divisions, ladder.promoted)
    standings = []
    with transaction.atomic():
        for division in sorted(divisions):
            for seat in divisions[division]:
                row = tallies.get(seat.bot_id, {"games": 0, "wins": 0, "score": 0})
                quarantined = seat.quarantined_until > cycle.number + 1
                move = moves.get(seat.bot_id, "")
                standings.append(
                    {
                        "bot": seat.bot_id,
                        "name": seat.bot.name,
                        "division": division,
                        "games": row["games"],
                        "wins": row["wins"],
                        "mean_score": row["score"] / row["games"] if row["games"] else None,
                        "rating": round(seat.bot.rating, 2),
                        "move": "quarantined" if quarantined else move,
                    }
                )
                seat.division += {"up": -1, "down": 1}.get(move, 0)
                seat.save(update_fields=["division", "quarantined_until", "quarantine_reason"])
        cycle.standings, cycle.closed = standings, True
        cycle.save(update_fields=["standings", "closed"])


def ratings_by_cycle_svg(ladder: Ladder) -> str:
    """One line per bot: its rating at the close of each cycle (none before two)."""
    cycles = list(ladder.cycles.filter(closed=True).order_by("number"))
    if len(cycles) < 2:
        return ""
    names = {row["bot"]: row["name"] for cycle in cycles for row in cycle.standings}
    ratings: dict[int, list[float]] = {bot: [] for bot in names}
    for cycle in cycles:
        at_close = {row["bot"]: row["rating"] for row in cycle.standings}
        for bot, values in ratings.items():
            values.append(at_close.get(bot, values[-1] if values else 0.0))
    return line_chart(
        [Series(said_bot_name(names[bot]), values) for bot, values in ratings.items()],
        x_ticks=[str(cycle.number) for cycle in cycles],
        x_label=_("cycle"),
        y_label=_("rating (μ − 3σ)"),
        aria_label=_("Ratings by cycle"),
        end_labels=True,
    )
