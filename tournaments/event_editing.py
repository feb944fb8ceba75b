"""Editing an event after it is made. Every setting goes through
``check_event_settings``; before the first result any of them may change. After it,
the settings a recorded game was played and scored under (the game and its options,
the format and its options, the table size) are fixed, and changing points by place or
the tie-break order rescores the results and recomputes the standings at once, the
ranks before and after written to the event's log."""

import hashlib
from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from lib.refusal import Refusal
from tournaments import event_log
from tournaments.event_settings import SETTINGS, check_event_settings, points_table
from tournaments.finishing import lock_tables_of
from tournaments.models import Event, SeatResult, StandingRow
from tournaments.ranking import do_store_standings
from tournaments.registration import promote_waitlist
from tournaments.results import points_for_place

# What the edit page and the API may change besides the checked settings.
PLAIN_FIELDS = ("name", "visibility", "rounds_planned", "seed", "starts_at")
EDITABLE = (*PLAIN_FIELDS, *SETTINGS)
# The settings a recorded game was played and scored under, by name in people's words.
FIXED_BY_RESULTS = {
    "game": gettext_lazy("game"),
    "rules_options": gettext_lazy("rules options"),
    "format": gettext_lazy("format"),
    "format_options": gettext_lazy("format options"),
    "table_size": gettext_lazy("table size"),
}
# The settings the standings rank by: changing them after results recomputes them.
RANKING = ("points_by_place", "tiebreak_order")


def check_fixed_by_results(event: Event, changed: dict) -> None:
    fixed = [name for name in FIXED_BY_RESULTS if name in changed]
    if fixed and event.has_results:
        names = ", ".join(str(FIXED_BY_RESULTS[name]) for name in fixed)
        raise Refusal(
            _(
                "Results are recorded under the event's %(names)s: changing them would change "
                "games already played. Make a new event for other settings."
            )
            % {"names": names},
            field=fixed[0],
            code="conflict",
        )


def settings_digest(event: Event) -> str:
    """A short key of every editable field's value: the edit page carries the one it
    showed, so a save over someone else's newer change is refused, not applied."""
    values = repr([getattr(event, name) for name in EDITABLE])
    return hashlib.blake2b(values.encode(), digest_size=8).hexdigest()


def check_not_stale(event: Event, seen: str | None) -> None:
    if seen is not None and seen != settings_digest(event):
        raise Refusal(
            _(
                "Someone changed the event's settings since this page was opened: "
                "look at them again, then save."
            ),
            code="conflict",
        )


def do_edit_event(event: Event, by, seen: str | None = None, **changes) -> Event:
    """Change the given fields (names in ``EDITABLE``) under the event's row lock;
    ``seen``: the ``settings_digest`` the editor started from."""
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ValueError(f"not editable: {unknown}")
    with transaction.atomic():
        if any(name in changes for name in RANKING):
            lock_tables_of(event)  # a result written meanwhile would score by the old points
        # no_key: rows naming the event (a standings request) may be added meanwhile
        event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
        check_not_stale(event, seen)
        settings = {name: changes.get(name, getattr(event, name)) for name in SETTINGS}
        # Points were checked against the table when they were set: an event made before
        # that check keeps editing its other settings.
        keep_points = not {"points_by_place", "table_size"} & set(changes)
        if keep_points:
            settings["points_by_place"] = []
        changes.update(check_event_settings(**settings))
        if keep_points:
            del changes["points_by_place"]
        changed = {
            name: (getattr(event, name), value)
            for name, value in changes.items()
            if getattr(event, name) != value
        }
        if not changed:
            return event
        check_fixed_by_results(event, changed)
        for name, (_before, after) in changed.items():
            setattr(event, name, after)
        event.save(update_fields=list(changed))
        detail = {"changes": {name: loggable(pair) for name, pair in changed.items()}}
        if any(name in changed for name in RANKING) and event.has_results:
            detail["standings"] = rerank(event)
        if "capacity" in changed or "registration" in changed:
            promote_waitlist(event, by)
        event_log.log(event, by, event_log.Action.EDITED, **detail)
    return event


def loggable(pair: tuple) -> dict:
    before, after = (v.isoformat() if isinstance(v, datetime) else v for v in pair)
    return {"before": before, "after": after}


def rerank(event: Event) -> list[dict]:
    """Rescore every result with the event's points by place and store the standings
    now; the entrants whose rank moved, with their rank before and after."""
    rescore(event)
    rows = StandingRow.objects.filter(event=event).select_related("entrant")
    before = {row.entrant_id: row.rank for row in rows}
    do_store_standings(event)
    moved = []
    for row in StandingRow.objects.filter(event=event).select_related("entrant"):
        if before.get(row.entrant_id) != row.rank:
            moved.append(
                {
                    "entrant": row.entrant.name,
                    "before": before.get(row.entrant_id),
                    "after": row.rank,
                }
            )
    return moved


def rescore(event: Event) -> None:
    table = points_table(event)
    seats = list(SeatResult.objects.filter(result__table__round__event=event))
    places = {}
    for seat in seats:
        places.setdefault(seat.result_id, []).append(seat.place)
    for seat in seats:
        sharing = places[seat.result_id].count(seat.place)
        seat.points = points_for_place(table, seat.place, sharing)
    SeatResult.objects.bulk_update(seats, ["points"], batch_size=500)
