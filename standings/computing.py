"""Standings: computed from the results alone, stored as rows for pages to read.

Coalescing a burst (the round-end rush: hundreds of results in seconds):
- every change the standings follow inserts a ``StandingsRequest`` in its own
  transaction (an insert: results of different tables never wait on one another);
- on commit, ``schedule_standings`` sends the event's task unless one is already queued
  or running: the event's ``standings_queued_at`` is claimed with a conditional UPDATE,
  so there is one task in flight per event;
- the task recomputes without holding the event row, stores the rows in place (only the
  changed ones) and deletes the requests it covered; while requests keep coming it looks
  again ``STANDINGS_INTERVAL_SECONDS`` after the last look began (at once if the
  recompute took longer), and when none is left it releases the claim. A burst
  therefore costs at most one recompute per interval, and a result shows within about
  one interval (or recompute, if longer) plus one recompute.
"""

import json
from collections import defaultdict
from datetime import timedelta
from time import monotonic

from django.db import connection, transaction
from django.db.models import Exists, F, Max, OuterRef, Q
from django.utils import timezone

from games.ratings import ordinal
from lib import enqueue
from lib.compiled import insert_row
from standings.knockout_places import decided_knockout
from standings.ratings import rate
from standings.tiebreaks import Ledger, LedgerGame, full_order, rank
from tournaments import live, signals
from tournaments.event_settings import points_table
from tournaments.formats import get_format
from tournaments.models import (
    Entrant,
    Event,
    Result,
    Seat,
    SeatResult,
    StandingRow,
    StandingsRequest,
)
from tournaments.open_league import minimum_games
from tournaments.tiebreak_names import UNSHOWN

# The tasks (``standings.tasks``) are sent by name: the tasks call this module, and this
# module imports none of them.


def bye_points(event: Event) -> float:
    """A bye scores a win: first place's points. (No format declares a ``bye_points``
    option, so none can be stored: ``Format`` refuses undeclared options.)"""
    return float(points_table(event)[0])


def build_ledger(event: Event, every_round: bool = False) -> tuple[Ledger, dict]:
    """The event's games per entrant, and points per round (for rank-by-round); after
    a cut, of the rounds before it only (the Swiss), unless ``every_round``."""
    starts = dict(Entrant.objects.filter(event=event).values_list("pk", "start_points"))
    ledger = Ledger(start=starts, lower_scores_win=event.game_type.lower_scores_win)
    per_round = defaultdict(lambda: defaultdict(float))
    tables = defaultdict(list)
    swiss_only = event.is_cut and not every_round
    swiss = Q(table__round__number__lte=event.cut["after_round"]) if swiss_only else Q()
    results = SeatResult.objects.filter(result__table__round__event=event)
    if swiss_only:
        results = results.filter(result__table__round__number__lte=event.cut["after_round"])
    rows = results.values_list(
        "entrant_id", "points", "score", "place", "result__table_id", "result__table__round__number"
    )
    for entrant, points, score, place, table, number in rows:
        tables[table].append(entrant)
        ledger.games[entrant].append(LedgerGame(table, number, points, score, place))
        per_round[number][entrant] += points
    for entrant, games in ledger.games.items():
        for game in games:
            game.opponents = [e for e in tables[game.table] if e != entrant]
    value = bye_points(event)
    byes = Seat.objects.filter(
        swiss, table__round__event=event, table__round__draft=False, table__is_bye=True
    ).values_list("entrant_id", "table__round__number")
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


# Values the rows do not carry as tie-breaks: points have their column, and whether an
# entrant has played is their games.


def compute_standings(event: Event) -> list[dict]:
    """Rank the event's entrants by its tie-break order; equal entrants share a rank.
    Once a knockout is decided (``knockout_places``), its entrants come first by how far
    they got, then the others in the order of the rounds before it, and the rows count
    every round played, the final included."""
    entered = Entrant.objects.filter(event=event).exclude(status=Entrant.Status.WAITLISTED)
    # One dropped before they sat at a table (a no-show) has no place to defend.
    sat = Seat.objects.filter(entrant=OuterRef("pk"))
    entered = entered.filter(~Q(status=Entrant.Status.DROPPED) | Exists(sat))
    names = dict(entered.values_list("pk", "name"))
    order = standings_order(event)
    ledger, per_round = build_ledger(event)
    if "rating" in order:
        add_ratings(event, ledger)
    ranked = rank(ledger, list(names), order, names, order[0])
    history = rank_by_round(ledger, per_round)
    knockout = decided_knockout(event)
    if knockout is not None:
        if event.is_cut:
            ledger, per_round = build_ledger(event, every_round=True)
            history = rank_by_round(ledger, per_round)
        ranked = knockout_first(knockout, ranked, rank(ledger, list(names), order, names, order[0]))
        for row in ranked:
            history[row["entrant_id"]][-1:] = [row["rank"]]
    return [
        {
            "entrant_id": row["entrant_id"],
            "rank": row["rank"],
            "points": row["values"]["points"],
            "games": len(ledger.games.get(row["entrant_id"], ())),
            "tiebreaks": {k: v for k, v in row["values"].items() if k not in UNSHOWN},
            "rank_by_round": history.get(row["entrant_id"], []),
        }
        for row in ranked
    ]


def knockout_first(knockout, before: list[dict], every_round: list[dict]) -> list[dict]:
    """The final standings of a decided knockout: its entrants first, one rank each, by
    how far they got (seeded by ``before``: the Swiss order at the cut, or the
    standings), their values counting every round; then the others in the order and
    with the values of ``before``, sharing ranks as they did there."""
    full = {row["entrant_id"]: row for row in every_round}
    seeds = knockout.seeds or [row["entrant_id"] for row in before]
    first = [e for e in knockout.order(seeds) if e in full]
    rows = [{**full[e], "rank": i} for i, e in enumerate(first, start=1)]
    rest = [row for row in before if row["entrant_id"] not in set(first)]
    shared = {}
    for position, row in enumerate(rest, start=len(first) + 1):
        rows.append({**row, "rank": shared.setdefault(row["rank"], position)})
    return rows


def standings_order(event: Event) -> list[str]:
    """The keys the event's standings rank by: its format's lead keys, then the
    organiser's tie-breaks in order (the format's default where none are chosen). A
    game of places keeps no scores: its game-score total, always 0, is left out."""
    fmt = get_format(event.format, event.format_options)
    order = full_order(fmt.standings_lead, event.tiebreak_order or fmt.default_tiebreaks)
    if event.game_type.has_scores:
        return order
    return [key for key in order if key != "score_total"]


def add_ratings(event: Event, ledger: Ledger) -> None:
    """Open leagues rank by an OpenSkill rating over the event's games, in order."""
    rows = (
        SeatResult.objects.filter(result__table__round__event=event)
        .order_by("result__recorded_at", "result_id", "position")
        .values_list("result_id", "entrant_id", "place")
    )
    rated = rate((result, entrant, None, place) for result, entrant, place in rows)
    ledger.ratings = {
        key: round(ordinal(mu, sigma), 3) for (_, key), (mu, sigma, *_) in rated.items()
    }
    ledger.minimum_games = minimum_games(event)


# The first run waits this long, so that a burst's first results share it.
STANDINGS_FIRST_WAIT_SECONDS = 0.5
# While requests keep coming, one run per interval (from one run's start to the next's).
STANDINGS_INTERVAL_SECONDS = 1.0
# A claim this old is taken for a lost task (a worker killed with its queue).
STANDINGS_CLAIM_EXPIRES = timedelta(minutes=2)


def points_and_ranks(event: Event) -> dict[int, tuple[float, int]]:
    """Each ranked entrant's points and rank, as pairing reads them: the stored rows
    when they are current (no request waiting: every change the standings follow
    leaves one until a run that read it has stored its rows), else computed now. At
    10,000 entrants reading the rows is one small query where computing them reads
    every result and ranks by every tie-break."""
    if not StandingsRequest.objects.filter(event=event).exists():
        stored = StandingRow.objects.filter(event=event).order_by()
        return {
            key: (points, rank)
            for key, points, rank in stored.values_list("entrant_id", "points", "rank")
        }
    return {row["entrant_id"]: (row["points"], row["rank"]) for row in compute_standings(event)}


STORED_FIELDS = ["rank", "points", "games", "tiebreaks", "rank_by_round"]


def store_rows(event: Event, rows: list[dict]) -> int:
    """Update the event's rows in place (only those that changed), add new entrants'
    and remove rows of entrants gone: no table-sized delete and insert per run. The
    number of rows written."""
    now = timezone.now()
    # Unordered: the rows' default ordering joins the event and the entrants.
    mine = StandingRow.objects.filter(event=event).order_by()
    stored = set(mine.values_list("entrant_id", flat=True))
    kept = [row for row in rows if row["entrant_id"] in stored]
    new = [StandingRow(event=event, **row) for row in rows if row["entrant_id"] not in stored]
    gone = stored - {row["entrant_id"] for row in rows}
    if gone:
        mine.filter(entrant_id__in=gone).delete()
    if connection.vendor == "postgresql":
        changed = update_changed_in_database(event, kept, now)
    else:
        changed = update_changed_here(event, kept, now)
    StandingRow.objects.bulk_create(new)
    count = changed + len(new) + len(gone)
    if count:
        Event.objects.filter(pk=event.pk).update(standings_version=F("standings_version") + 1)
        live.announce_change(event.pk)
        signals.send_on_commit(signals.standings_changed, event_id=event.pk)
    return count


def update_changed_here(event: Event, rows: list[dict], now) -> int:
    """The rows that differ from the stored ones, compared here and written one plain
    UPDATE each (``update_in_place``); how many."""
    # ``of`` self: FOR UPDATE of the joined event would lock it before the writers'
    # tables (a deadlock with a result being written).
    mine = StandingRow.objects.filter(event=event).order_by().select_for_update(of=("self",))
    stored = {r.entrant_id: r for r in mine}
    changed = []
    for row in rows:
        current = stored[row["entrant_id"]]
        if any(getattr(current, field) != row[field] for field in STORED_FIELDS):
            for field in STORED_FIELDS:
                setattr(current, field, row[field])
            current.computed_at = now
            changed.append(current)
    update_in_place(changed, [*STORED_FIELDS, "computed_at"])
    return len(changed)


def update_changed_in_database(event: Event, rows: list[dict], now) -> int:
    """On PostgreSQL: every row sent as one JSON document in one UPDATE, which writes
    only those that differ (``IS DISTINCT FROM``; JSON compared as JSON); how many. At
    7,500 entrants reading the stored rows into models to compare them took 0.3-0.45 s
    of each standings run of the result wave (bench_wave); sending the rows as six
    arrays then cost 0.3 s of the driver's array encoding, where ``json.dumps`` of the
    same rows takes a few milliseconds."""
    quote = connection.ops.quote_name
    column = {name: quote(StandingRow._meta.get_field(name).column) for name in STORED_FIELDS}
    names = ", ".join(column[name] for name in STORED_FIELDS)
    values = ", ".join(f"v.{quote(name)}" for name in STORED_FIELDS)
    keys = ["entrant_id", *STORED_FIELDS]
    typed = ", ".join(f"{quote(name)} {SQL_TYPES[name]}" for name in keys)
    statement = f"""
        UPDATE {quote(StandingRow._meta.db_table)} AS s
        SET ({names}, computed_at) = ({values}, %s)
        FROM jsonb_to_recordset(%s::jsonb) AS v({typed})
        WHERE s.event_id = %s AND s.entrant_id = v.entrant_id
          AND ({", ".join(f"s.{column[name]}" for name in STORED_FIELDS)})
              IS DISTINCT FROM ({values})"""
    document = json.dumps(
        [
            {
                "entrant_id": row["entrant_id"],
                **{name: row[name] for name in STORED_FIELDS},
                "points": float(row["points"]),
            }
            for row in rows
        ]
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [now, document, event.pk])
        return cursor.rowcount


# The stored fields' types as ``update_changed_in_database`` reads them from JSON.
SQL_TYPES = {
    "entrant_id": "bigint",
    "rank": "bigint",
    "points": "double precision",
    "games": "bigint",
    "tiebreaks": "jsonb",
    "rank_by_round": "jsonb",
}


def update_in_place(rows: list[StandingRow], fields: list[str]) -> None:
    """``bulk_update`` without its CASE expressions: one plain UPDATE per row, sent by
    one ``executemany`` (a pipeline on PostgreSQL). When a result moves every rank of
    1,000 entrants, ``bulk_update`` spent seconds of the worker's CPU building its
    statement; this spends milliseconds."""
    meta, quote = StandingRow._meta, connection.ops.quote_name
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
    statement = (
        f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    )
    values = [
        [field.get_db_prep_save(getattr(row, field.attname), connection) for field in columns]
        + [row.pk]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(statement, values)


def lock_event_for_standings(event: Event) -> None:
    """The event's row, before its standings rows (the lock order, docs/architecture.md):
    ``no_key`` leaves results free to be written meanwhile (their rows' foreign keys
    take only a key-share lock on the event)."""
    Event.objects.select_for_update(no_key=True).filter(pk=event.pk).values_list(
        "pk", flat=True
    ).first()


def do_store_standings(event: Event) -> int:
    """Recompute the event's standings and store them; the number of rows."""
    rows = compute_standings(event)
    with transaction.atomic():
        lock_event_for_standings(event)
        store_rows(event, rows)
    return len(rows)


def store_entrants_change(event: Event) -> None:
    """Entrants went or came back (a drop, the no-shows dropped, the waitlist moving up,
    a reinstatement): the standings list the entrants and mark the dropped, so they are
    stored now, in the caller's transaction, and the version moves on even when no row
    changed (a mark did), so that every page drawn after the change shows it. A request
    follows too: a run of the task that computed before this change commits stores
    older rows, and the request has it run again."""
    rows = compute_standings(event)
    lock_event_for_standings(event)
    if not store_rows(event, rows):
        Event.objects.filter(pk=event.pk).update(standings_version=F("standings_version") + 1)
        live.announce_change(event.pk)
    request_standings_update(event.pk)


def request_standings_update(event_id: int) -> None:
    """Mark the event's standings stale (inside the caller's transaction) and, once it
    commits, make sure a standings task is on its way: what a result, a pairing or an
    entrant's points ask for (``tournaments.ranking.request_standings_update``)."""
    insert_row(StandingsRequest(event_id=event_id))  # every result's: built once
    transaction.on_commit(lambda: schedule_standings(event_id))


def do_update_standings(event_id: int) -> int | None:
    """Recompute if requests are waiting; the number of rows, or ``None`` when there
    was nothing to do (no request, or another run covered them meanwhile)."""
    waiting = StandingsRequest.objects.filter(event_id=event_id)
    latest = waiting.aggregate(latest=Max("pk"))["latest"]
    event = Event.objects.filter(pk=event_id).first() if latest is not None else None
    if event is None:
        return None
    rows = compute_standings(event)  # reads every result committed with those requests
    with transaction.atomic():
        lock_event_for_standings(event)
        covered = list(
            waiting.filter(pk__lte=latest).select_for_update().values_list("pk", flat=True)
        )
        if not covered:
            return None  # a run that started later stored newer rows already
        store_rows(event, rows)
        StandingsRequest.objects.filter(pk__in=covered).delete()
    return len(rows)


def schedule_standings(event_id: int, countdown: float = STANDINGS_FIRST_WAIT_SECONDS) -> bool:
    """Send the event's standings task unless one is queued or running; whether sent."""
    now = timezone.now()
    free = Q(standings_queued_at__isnull=True) | Q(
        standings_queued_at__lt=now - STANDINGS_CLAIM_EXPIRES
    )
    if not Event.objects.filter(free, pk=event_id).update(standings_queued_at=now):
        return False
    enqueue.now("standings.tasks.update_standings", event_id, countdown=countdown)
    return True


def run_standings_task(event_id: int) -> int | None:
    """One step of the event's task: recompute, then look again after the interval
    (keeping the claim), or, with nothing left to do, release the claim."""
    began = monotonic()
    count = do_update_standings(event_id)
    if count is not None:
        Event.objects.filter(pk=event_id).update(standings_queued_at=timezone.now())
        # The interval runs from this run's start: at 7,500 entrants a recompute takes
        # most of a second, and waiting a whole interval after it kept a result out of
        # the standings for up to two recomputes and an interval (3.2 s in bench_wave).
        left = max(0.0, STANDINGS_INTERVAL_SECONDS - (monotonic() - began))
        enqueue.now("standings.tasks.update_standings", event_id, countdown=left)
        request_ratings(event_id)
        return count
    Event.objects.filter(pk=event_id).update(standings_queued_at=None)
    if StandingsRequest.objects.filter(event_id=event_id).exists():
        schedule_standings(event_id)  # a request committed while the claim was held
    return None


def request_ratings(event_id: int) -> None:
    """The ratings follow the results a standings run covered: one rebuild task per
    run rather than one per result (the rush sent 250); it skips when a newer result
    exists, whose own run sends another."""
    latest = Result.objects.filter(table__round__event_id=event_id).aggregate(
        latest=Max("recorded_at")
    )["latest"]
    event = Event.objects.filter(pk=event_id).select_related("season").first()
    if latest is not None and event is not None:
        enqueue.now(
            "standings.tasks.update_ratings",
            event.season.league_id,
            event.game,
            latest.isoformat(),
            countdown=STANDINGS_INTERVAL_SECONDS,  # a result within it makes this one skip
        )
