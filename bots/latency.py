"""How long bots took to decide, from their matches' ``timings``: each move of a
replay annotated with its time, its limit and its fault, and a bot's latency
percentiles over its recent games (docs/bots.md, "Replays that explain")."""

from dataclasses import dataclass

from bots.models import Match, MatchSeat

PERCENTILES = (50, 90, 99)


def annotate_moves(moves: list, timings: dict | None, faults) -> None:
    """Give each replayed move (``bots.replay.Move``, in game order) the time its bot
    took, its seat's time per move and its fault (a ``Fault`` as the reader may see it,
    found by round and move number)."""
    by_place = {(f.round_number, f.move_number): f for f in faults if f.move_number}
    limits = (timings or {}).get("limits") or []
    for decision, seat, ms in (timings or {}).get("decisions") or []:
        if 0 <= decision < len(moves):
            move = moves[decision]
            move.ms = ms
            move.limit_ms = limits[seat] if seat < len(limits) else None
    for move in moves:
        move.fault = by_place.get((move.round, move.number))


@dataclass(frozen=True)
class Latency:
    decisions: int
    percentiles: list[tuple[int, float]]  # (percentile, ms)
    slowest: float
    limit_ms: int | None


def percentile(ordered: list[float], p: int) -> float:
    """The nearest-rank percentile of an ascending list."""
    rank = max(1, -(-p * len(ordered) // 100))
    return ordered[rank - 1]


def latency_of(bot, recent: int = 40) -> Latency | None:
    """Percentiles of the time ``bot`` took per decision over its ``recent`` latest
    finished matches that kept timings; None when there are none."""
    seats = (
        MatchSeat.objects.filter(bot=bot, match__status="done", match__timings__isnull=False)
        .order_by("-match__finished_at", "-match_id")
        .values_list("match_id", "position")[:recent]
    )
    positions: dict[int, set[int]] = {}
    for match_id, position in seats:
        positions.setdefault(match_id, set()).add(position)
    times, limit = [], None
    for match_id, stored in Match.objects.filter(pk__in=positions).values_list("pk", "timings"):
        timings = stored or {}
        for _decision, seat, ms in timings.get("decisions") or []:
            if seat in positions[match_id]:
                times.append(ms)
                limit = (timings.get("limits") or [None] * (seat + 1))[seat]
    if not times:
        return None
    times.sort()
    return Latency(
        decisions=len(times),
        percentiles=[(p, percentile(times, p)) for p in PERCENTILES],
        slowest=times[-1],
        limit_ms=limit,
    )
