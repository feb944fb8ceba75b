"""A series' leaderboard, computed from its member events' stored standings and stored as
rows for pages to read, by the standings worker.

Coalescing, as the events' standings do (``standings.computing``): a member event's
standings changing (``tournaments.signals.standings_changed``, heard in the worker) or
the series changing stamps the series' ``requested_at`` and, unless a task is queued or
running (its ``queued_at`` claimed with a conditional UPDATE), sends one. The task
computes, stores only the rows that changed, and runs again after the interval while
requests keep coming; when none came in meanwhile it releases the claim. A burst of
standings runs of several member events costs one recompute per interval."""

from collections import defaultdict
from datetime import timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

import lib.changes as changes
from lib import enqueue
from series.models import Series, SeriesRow
from tournaments import live
from tournaments.models import StandingRow

FIRST_WAIT_SECONDS = 0.5
INTERVAL_SECONDS = 1.0
CLAIM_EXPIRES = timedelta(minutes=2)
STORED = ("name", "rank", "points", "events", "qualified", "results")


def person_of(row: StandingRow) -> str:
    """Who an event's entrant is across events: their account, or their bot."""
    entrant = row.entrant
    return f"user:{entrant.user_id}" if entrant.user_id else f"bot:{entrant.bot_id}"


def points_for(table: list, rank: int | None) -> float:
    if rank is None or not 1 <= rank <= len(table):
        return 0.0
    return float(table[rank - 1])


def results_by_person(series: Series) -> tuple[dict, dict]:
    """Each person's results in the member events (event, place, points), and names."""
    rows = (
        StandingRow.objects.filter(event__series_memberships__series=series)
        .select_related("entrant", "event")
        .order_by("event__starts_at", "event_id", "rank")
    )
    results, names = defaultdict(list), {}
    for row in rows:
        person = person_of(row)
        names[person] = row.entrant.name
        points = points_for(series.points_by_place, row.rank)
        results[person].append(
            {"event": row.event.slug, "name": row.event.name, "place": row.rank, "points": points}
        )
    return results, names


def counted(series: Series, results: list[dict]) -> list[dict]:
    """The results marked as counting: the best ``best_of`` by points (earlier first on
    equal points)."""
    best = sorted(range(len(results)), key=lambda i: -results[i]["points"])
    keep = set(best[: series.best_of] if series.best_of else best)
    return [{**result, "counts": i in keep} for i, result in enumerate(results)]


def compute_rows(series: Series) -> list[dict]:
    """The leaderboard: those with ``minimum_events`` results ranked by points (equal
    points share a rank), above the line the first ``qualifying_places`` of them (and
    whoever shares the last place above it); the others after, unranked."""
    results, names = results_by_person(series)
    lines = []
    for person, theirs in results.items():
        marked = counted(series, theirs)
        total = sum(r["points"] for r in marked if r["counts"])
        lines.append({"person": person, "name": names[person], "points": total, "results": marked})
    lines.sort(key=lambda line: (-line["points"], line["name"].casefold(), line["person"]))
    eligible = [line for line in lines if len(line["results"]) >= series.minimum_events]
    rank_of = {}
    for position, line in enumerate(eligible, start=1):
        line["rank"] = rank_of.setdefault(line["points"], position)
        line["qualified"] = line["rank"] <= series.qualifying_places
    for line in lines:
        line.setdefault("rank", None)
        line.setdefault("qualified", False)
        line["events"] = len(line["results"])
    return eligible + [line for line in lines if line["rank"] is None]


def store_rows(series: Series, lines: list[dict]) -> int:
    """Update the rows in place (only those that changed), add and remove the others;
    a change moves the leaderboard's version on."""
    stored = {row.person: row for row in SeriesRow.objects.filter(series=series)}
    changed, new = [], []
    for line in lines:
        row = stored.pop(line["person"], None)
        if row is None:
            new.append(SeriesRow(series=series, **line))
        elif any(getattr(row, field) != line[field] for field in STORED):
            for field in STORED:
                setattr(row, field, line[field])
            changed.append(row)
    SeriesRow.objects.filter(pk__in=[row.pk for row in stored.values()]).delete()
    SeriesRow.objects.bulk_update(changed, list(STORED))
    SeriesRow.objects.bulk_create(new)
    count = len(changed) + len(new) + len(stored)
    if count:
        Series.objects.filter(pk=series.pk).update(rows_version=F("rows_version") + 1)
        announce_rows(series.pk)
    return count


def announce_rows(series_id: int) -> None:
    """The leaderboard's open pages (``series.push``) hear of new rows once they commit."""
    transaction.on_commit(lambda: changes.announce(live.TOPIC, series_key(series_id)))


def series_key(series_id: int) -> str:
    """The key, on the events' topic, of a series' leaderboard."""
    return f"series-{series_id}"


def do_store_series(series_id: int) -> int | None:
    """Compute the series' leaderboard and store it; the number of lines."""
    series = Series.objects.filter(pk=series_id).first()
    if series is None:
        return None
    lines = compute_rows(series)
    with transaction.atomic():
        Series.objects.select_for_update().filter(pk=series_id).values_list("pk").first()
        store_rows(series, lines)
    return len(lines)


def request_series_update(series_id: int) -> None:
    """Mark the series' leaderboard stale and, once the caller's transaction commits (at
    once outside one), make sure its task is on its way."""
    Series.objects.filter(pk=series_id).update(requested_at=timezone.now())
    transaction.on_commit(lambda: schedule_series(series_id))


def request_for_event(event_id: int) -> None:
    """A member event's standings changed: every series it is in follows."""
    for series_id in Series.objects.filter(memberships__event_id=event_id).values_list(
        "pk", flat=True
    ):
        request_series_update(series_id)


def schedule_series(series_id: int, countdown: float = FIRST_WAIT_SECONDS) -> bool:
    """Send the series' task unless one is queued or running; whether sent."""
    now = timezone.now()
    free = Q(queued_at__isnull=True) | Q(queued_at__lt=now - CLAIM_EXPIRES)
    if not Series.objects.filter(free, pk=series_id).update(queued_at=now):
        return False
    enqueue.now("series.tasks.update_series", series_id, countdown=countdown)
    return True


def run_series_task(series_id: int) -> int | None:
    """One step of the series' task: compute what was asked for up to now, then look again
    after the interval if more was asked meanwhile (keeping the claim), else release it."""
    asked = Series.objects.filter(pk=series_id).values_list("requested_at", flat=True).first()
    count = do_store_series(series_id)
    if count is None:
        return None
    newer = Q(requested_at__gt=asked) if asked else Q(requested_at__isnull=False)
    if Series.objects.filter(newer, pk=series_id).exists():
        Series.objects.filter(pk=series_id).update(queued_at=timezone.now())
        enqueue.now("series.tasks.update_series", series_id, countdown=INTERVAL_SECONDS)
        return count
    Series.objects.filter(pk=series_id).update(queued_at=None)
    if Series.objects.filter(newer, pk=series_id).exists():
        schedule_series(series_id)  # asked for between the look and the release
    return count
