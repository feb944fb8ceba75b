"""Standings: computed from the results alone, stored as rows for pages to read.

``update_standings`` (the task) coalesces: every change bumps the event's
``standings_requested``; a run claims the latest request with a conditional UPDATE of
``standings_computed`` and recomputes in the same transaction, so a burst of results
becomes one run and a repeated run does nothing.
"""

from collections import defaultdict

from django.db import transaction
from django.db.models import F

from tournaments.models import Entrant, Event, Seat, SeatResult, StandingRow
from tournaments.tiebreaks import DEFAULT_ORDER, OPEN_LEAGUE_ORDER, Game, Ledger, rank


def bye_points(event: Event) -> float:
    default = event.points_by_place[0] if event.points_by_place else 1
    return float(event.format_options.get("bye_points", default))


def build_ledger(event: Event) -> tuple[Ledger, dict]:
    """The event's games per entrant, and points per round (for rank-by-round)."""
    starts = dict(Entrant.objects.filter(event=event).values_list("pk", "start_points"))
    ledger = Ledger(start=starts)
    per_round = defaultdict(lambda: defaultdict(float))
    tables = defaultdict(list)
    rows = SeatResult.objects.filter(result__table__round__event=event).values_list(
        "entrant_id", "points", "score", "place", "result__table_id", "result__table__round__number"
    )
    for entrant, points, score, place, table, number in rows:
        tables[table].append(entrant)
        ledger.games[entrant].append(Game(table, number, points, score, place))
        per_round[number][entrant] += points
    for entrant, games in ledger.games.items():
        for game in games:
            game.opponents = [e for e in tables[game.table] if e != entrant]
    value = bye_points(event)
    byes = Seat.objects.filter(table__round__event=event, table__is_bye=True).values_list(
        "entrant_id", "table__round__number"
    )
    for entrant, number in byes:
        ledger.byes[entrant] += value
        per_round[number][entrant] += value
    return ledger, per_round


def rank_by_round(ledger: Ledger, per_round: dict) -> dict:
    """Each entrant's rank by points after every round (ties share)."""
    totals = dict(ledger.start)
    history = defaultdict(list)
    for number in sorted(per_round):
        for entrant, points in per_round[number].items():
            totals[entrant] = totals.get(entrant, 0) + points
        ordered = sorted(totals.values(), reverse=True)
        first = {}
        for index, points in enumerate(ordered, start=1):
            first.setdefault(points, index)
        for entrant, points in totals.items():
            history[entrant].append(first[points])
    return history


def compute_standings(event: Event) -> list[dict]:
    """Rank the event's entrants by its tie-break order; equal entrants share a rank."""
    ledger, per_round = build_ledger(event)
    names = dict(Entrant.objects.filter(event=event).values_list("pk", "name"))
    order, lead = event.tiebreak_order or DEFAULT_ORDER, "points"
    if event.format == "open":
        add_ratings(event, ledger)
        order, lead = OPEN_LEAGUE_ORDER, "qualified"
    history = rank_by_round(ledger, per_round)
    return [
        {
            "entrant_id": row["entrant_id"],
            "rank": row["rank"],
            "points": row["values"]["points"],
            "games": len(ledger.games.get(row["entrant_id"], ())),
            "tiebreaks": {k: v for k, v in row["values"].items() if k != "points"},
            "rank_by_round": history.get(row["entrant_id"], []),
        }
        for row in rank(ledger, list(names), order, names, lead)
    ]


def add_ratings(event: Event, ledger: Ledger) -> None:
    """Open leagues rank by an OpenSkill rating over the event's games, in order."""
    from tournaments.open_league import minimum_games
    from tournaments.ratings import rate

    rows = (
        SeatResult.objects.filter(result__table__round__event=event)
        .order_by("result__recorded_at", "result_id", "position")
        .values_list("result_id", "entrant_id", "place")
    )
    rated = rate((result, entrant, None, place) for result, entrant, place in rows)
    ledger.ratings = {key: round(mu - 3 * sigma, 3) for (_, key), (mu, sigma, *_) in rated.items()}
    ledger.minimum_games = minimum_games(event)


def do_store_standings(event: Event) -> int:
    """Recompute and replace the event's standings rows in one transaction."""
    with transaction.atomic():
        rows = compute_standings(event)
        StandingRow.objects.filter(event=event).delete()
        StandingRow.objects.bulk_create(StandingRow(event=event, **row) for row in rows)
    return len(rows)


def do_request_standings(event_id: int) -> None:
    """Mark the standings stale (inside the caller's transaction)."""
    Event.objects.filter(pk=event_id).update(standings_requested=F("standings_requested") + 1)


def do_update_standings(event_id: int) -> int | None:
    """Recompute if a request is not yet covered; ``None`` when there was nothing to do
    (the event is gone, or a run already covered the latest request)."""
    with transaction.atomic():
        requested = (
            Event.objects.filter(pk=event_id).values_list("standings_requested", flat=True).first()
        )
        if requested is None:
            return None
        claimed = Event.objects.filter(pk=event_id, standings_computed__lt=requested).update(
            standings_computed=requested
        )
        if not claimed:
            return None
        return do_store_standings(Event.objects.get(pk=event_id))
