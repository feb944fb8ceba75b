"""Creating and changing a series: its points table, how many results count, how many
events qualify, the qualification line, and its member events. Bad values are refused
with the field they belong to (``lib.refusal.Refusal``) and change nothing; every change
names the version it was based on and a stale one is refused (409)."""

from django.db import transaction
from django.db.models import F
from django.utils.text import slugify
from django.utils.translation import gettext as _

from lib.refusal import CONFLICT, Refusal
from series import computing
from series.models import LogEntry, Series, SeriesEvent
from tournaments import event_log
from tournaments.models import Event
from tournaments.permissions import is_event_organiser

# A points table names this many places at most, each worth at most this much.
MOST_PLACES = 256
MOST_POINTS = 100_000
EDITABLE = ("name", "points_by_place", "best_of", "minimum_events", "qualifying_places")


def check_points_table(value) -> list[float]:
    """One number of points per finishing place, from first on: none missing (an empty
    entry or a non-number), none negative."""
    if not isinstance(value, list) or not value:
        raise Refusal(_("Give the points of first place at least."), field="points_by_place")
    if len(value) > MOST_PLACES:
        raise Refusal(
            _("At most %(most)d places have points.") % {"most": MOST_PLACES},
            field="points_by_place",
        )
    table = []
    for place, points in enumerate(value, start=1):
        if isinstance(points, bool) or not isinstance(points, int | float):
            raise Refusal(
                _("Place %(place)d has no points.") % {"place": place}, field="points_by_place"
            )
        if not 0 <= points <= MOST_POINTS:
            raise Refusal(
                _("Place %(place)d's points must be between 0 and %(most)d.")
                % {"place": place, "most": MOST_POINTS},
                field="points_by_place",
            )
        table.append(float(points) if points != int(points) else int(points))
    return table


def check_counts(best_of, minimum_events, qualifying_places) -> None:
    if best_of is not None and not 1 <= best_of <= 1000:
        raise Refusal(_("Count between 1 and 1000 results, or every one."), field="best_of")
    if not 1 <= minimum_events <= 1000:
        raise Refusal(_("Ask for between 1 and 1000 events."), field="minimum_events")
    if best_of is not None and minimum_events > best_of:
        raise Refusal(
            _("A person cannot need more events than the results that count."),
            field="minimum_events",
        )
    if not 0 <= qualifying_places <= 10_000:
        raise Refusal(_("Between 0 and 10000 places qualify."), field="qualifying_places")


def check_series_fields(fields: dict) -> dict:
    name = str(fields.get("name") or "").strip()
    if not name:
        raise Refusal(_("Give the series a name."), field="name")
    checked = {
        "name": name[:120],
        "points_by_place": check_points_table(fields.get("points_by_place")),
        "best_of": fields.get("best_of"),
        "minimum_events": fields.get("minimum_events", 1),
        "qualifying_places": fields.get("qualifying_places", 0),
    }
    check_counts(checked["best_of"], checked["minimum_events"], checked["qualifying_places"])
    return checked


def free_slug(name: str) -> str:
    base = slugify(name)[:40] or "series"
    slug, number = base, 1
    while Series.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


def log(series: Series, actor, action: str, **detail) -> None:
    actor = actor if actor is not None and actor.is_authenticated else None
    LogEntry.objects.create(
        league_id=series.league_id, series=series, actor=actor, action=action, detail=detail
    )


def do_create_series(league, by, **fields) -> Series:
    checked = check_series_fields(fields)
    with transaction.atomic():
        series = Series.objects.create(
            league=league, created_by=by, slug=free_slug(checked["name"]), **checked
        )
        log(series, by, LogEntry.Action.SERIES_CREATED, **checked)
    return series


def check_not_stale(series: Series, seen) -> None:
    if seen is None or int(seen) != series.version:
        raise Refusal(
            _("The series changed since you saw it: look again and repeat your change."),
            field="version",
            code=CONFLICT,
        )


def locked(series: Series, seen) -> Series:
    """The series' row, locked, once the version the change was based on is checked."""
    series = Series.objects.select_for_update().select_related("league").get(pk=series.pk)
    check_not_stale(series, seen)
    return series


def do_edit_series(series: Series, by, seen, **changes) -> Series:
    """Change the series' name or rules; its leaderboard is computed again."""
    current = {name: getattr(series, name) for name in EDITABLE}
    checked = check_series_fields({**current, **changes})
    with transaction.atomic():
        series = locked(series, seen)
        changed = {k: v for k, v in checked.items() if current[k] != v}
        for name, value in checked.items():
            setattr(series, name, value)
        series.version = F("version") + 1
        series.save(update_fields=[*EDITABLE, "version"])
        log(series, by, LogEntry.Action.SERIES_EDITED, **changed)
        computing.request_series_update(series.pk)
    series.refresh_from_db()
    return series


def find_event(by, slug) -> Event:
    """An event its changer organises, in any league: else refused on the field."""
    event = Event.objects.select_related("season__league").filter(slug=str(slug or "")).first()
    if event is None or not is_event_organiser(by, event):
        raise Refusal(_("No event of yours has that address."), field="event")
    return event


def do_add_event(series: Series, by, seen, slug) -> SeriesEvent:
    event = find_event(by, slug)
    with transaction.atomic():
        series = locked(series, seen)
        if SeriesEvent.objects.filter(series=series, event=event).exists():
            raise Refusal(_("The event is in the series already."), field="event")
        membership = SeriesEvent.objects.create(series=series, event=event)
        Series.objects.filter(pk=series.pk).update(version=F("version") + 1)
        log(series, by, LogEntry.Action.EVENT_ADDED, event=event.name)
        event_log.log(event, by, event_log.Action.JOINED_SERIES, series=series.name)
        computing.request_series_update(series.pk)
    return membership


def do_remove_event(series: Series, by, seen, slug) -> None:
    event = find_event(by, slug)
    with transaction.atomic():
        series = locked(series, seen)
        if not SeriesEvent.objects.filter(series=series, event=event).delete()[0]:
            raise Refusal(_("The event is not in the series."), field="event")
        Series.objects.filter(pk=series.pk).update(version=F("version") + 1)
        log(series, by, LogEntry.Action.EVENT_REMOVED, event=event.name)
        event_log.log(event, by, event_log.Action.LEFT_SERIES, series=series.name)
        computing.request_series_update(series.pk)
