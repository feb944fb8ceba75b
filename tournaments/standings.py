"""Standings: computed from the results alone, stored as rows for pages to read."""

from collections import defaultdict

from django.db import transaction

from tournaments.models import Entrant, Event, SeatResult, StandingRow


def compute_standings(event: Event) -> list[dict]:
    """Rank the event's entrants by points, then game-score total; equal entrants share
    a rank."""
    entrants = list(Entrant.objects.filter(event=event))
    points = defaultdict(float)
    scores = defaultdict(int)
    games = defaultdict(int)
    for entrant in entrants:
        points[entrant.pk] = entrant.start_points
    for row in SeatResult.objects.filter(result__table__round__event=event).values(
        "entrant_id", "points", "score"
    ):
        points[row["entrant_id"]] += row["points"]
        scores[row["entrant_id"]] += row["score"]
        games[row["entrant_id"]] += 1

    def key(entrant):
        return (points[entrant.pk], scores[entrant.pk])

    ordered = sorted(entrants, key=lambda e: (-key(e)[0], -key(e)[1], e.name))
    rows, previous, rank = [], None, 0
    for index, entrant in enumerate(ordered, start=1):
        if key(entrant) != previous:
            rank, previous = index, key(entrant)
        rows.append(
            {
                "entrant_id": entrant.pk,
                "rank": rank,
                "points": points[entrant.pk],
                "games": games[entrant.pk],
                "tiebreaks": {"score_total": scores[entrant.pk]},
            }
        )
    return rows


def do_store_standings(event: Event) -> int:
    """Recompute and replace the event's standings rows in one transaction."""
    rows = compute_standings(event)
    with transaction.atomic():
        StandingRow.objects.filter(event=event).delete()
        StandingRow.objects.bulk_create(StandingRow(event=event, **row) for row in rows)
    return len(rows)
