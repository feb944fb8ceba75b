"""What a delivery says about what happened, as JSON (docs/integrations.md, "Payloads"):
names and numbers people see, never a database id."""

from django.urls import reverse

from accounts.notices import link
from bots.batches import batch_progress, batch_summary
from bots.models import Batch
from tournaments.models import Event, Round, StandingRow, Table

STANDINGS_SHOWN = 50  # rows of standings a payload carries


def about_event(event: Event) -> dict:
    return {"slug": event.slug, "name": event.name, "league": event.season.league.slug}


def seat_names(table: Table) -> list[str]:
    return [seat.entrant.name for seat in sorted(table.seats.all(), key=lambda s: s.position)]


def round_data(round_: Round) -> dict:
    tables = round_.tables.with_seats().order_by("number")
    return {
        "event": about_event(round_.event),
        "round": round_.number,
        "tables": [
            {"table": table.number, "bye": table.is_bye, "seats": seat_names(table)}
            for table in tables
        ],
    }


def result_data(table: Table, replaced: bool) -> dict:
    result = table.result
    seats = result.seats.select_related("entrant").order_by("position")
    return {
        "event": about_event(table.round.event),
        "round": table.round.number,
        "table": table.number,
        "overridden": replaced,
        "void": bool(result.detail.get("void")),
        "seats": [
            {"seat": s.position + 1, "name": s.entrant.name, "score": s.score, "place": s.place}
            for s in seats
        ],
    }


def standings_data(event: Event) -> dict:
    rows = StandingRow.objects.filter(event=event).select_related("entrant")[:STANDINGS_SHOWN]
    return {
        "event": about_event(event),
        "standings": [
            {"rank": row.rank, "name": row.entrant.name, "points": row.points, "games": row.games}
            for row in rows
        ],
    }


def batch_data(batch: Batch) -> dict:
    """A finished batch: what it played, how many games, and each bot's wins and mean
    score (its page has the rest)."""
    progress, summary = batch_progress(batch), batch_summary(batch)
    return {
        "batch": {
            "name": str(batch),
            "kind": batch.kind,
            "game": batch.game,
            "games": batch.total,
            "played": progress.done,
            "failed": progress.failed,
            "faults": progress.faults,
            "finished": batch.finished_at.isoformat() if batch.finished_at else None,
            "page": link(reverse("bots:batch-detail", args=[batch.pk])),
        },
        "bots": [
            {
                "name": tally.key,
                "games": tally.games,
                "wins": tally.wins,
                "mean_score": round(tally.score.mean, 2),
            }
            for tally in (summary.by_bot if summary else [])
        ],
    }
