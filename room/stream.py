"""The stream view: a fixed-size page for a broadcast (1920x1080, or 1280x720), with a
transparent background if asked, no navigation, readable from a distance: the round's
clock and a chosen table's live state or the top of the standings, following the
event by push. Its link is public through its token (an unguessable secret), and the
organisers switch it on and off (each switch in the event's log)."""

import secrets
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from lib.refusal import Refusal
from room.desk import current_round, has_result
from room.director import director_stamp
from room.models import StreamLink
from tournaments import event_log
from tournaments.models import Event, Round, StandingRow, Table
from tournaments.permissions import is_event_organiser

TOP = 8
SIZES = {"1080": (1920, 1080), "720": (1280, 720)}


def check_organiser(by, event: Event) -> None:
    if not is_event_organiser(by, event):
        raise PermissionDenied(_("Only an organiser of the event switches its stream view."))


def check_table_number(value) -> int | None:
    if value in (None, ""):
        return None
    if not str(value).isdigit() or not 1 <= int(value) <= 10_000:
        raise Refusal(_("Give a table's number, or none for the standings."), field="table")
    return int(value)


@transaction.atomic
def do_switch_on(event: Event, by, table_number=None) -> StreamLink:
    """Switch the stream view on, showing ``table_number`` (None: the standings); the
    link keeps its token while it is switched off and on again."""
    check_organiser(by, event)
    number = check_table_number(table_number)
    link, _created = StreamLink.objects.select_for_update().get_or_create(
        event=event, defaults={"token": secrets.token_urlsafe(24)}
    )
    link.enabled, link.table_number = True, number
    link.save(update_fields=["enabled", "table_number", "changed_at"])
    event_log.log(event, by, event_log.Action.STREAM_ON, table=number)
    return link


@transaction.atomic
def do_switch_off(event: Event, by) -> None:
    check_organiser(by, event)
    if StreamLink.objects.filter(event=event, enabled=True).update(enabled=False):
        event_log.log(event, by, event_log.Action.STREAM_OFF)


def access_stream(token: str) -> StreamLink:
    """The link's stream if it is switched on (404 otherwise: nothing says it exists)."""
    link = StreamLink.objects.select_related("event").filter(token=token, enabled=True).first()
    if link is None:
        raise Http404
    return link


def stream_stamp(link: StreamLink) -> str:
    """What the view follows: results, clocks and calls (``director_stamp``), the stored
    standings and the link's own choice."""
    version = Event.objects.filter(pk=link.event_id).values_list("standings_version", flat=True)
    chosen = StreamLink.objects.filter(pk=link.pk).values_list("changed_at", flat=True)
    return f"{director_stamp(link.event_id)}-{version.first()}-{chosen.first()}"


@dataclass
class Shown:
    round: Round | None
    table: Table | None
    table_done: bool
    places: list
    standings: list


def shown_by(link: StreamLink) -> Shown:
    event = link.event
    round_ = current_round(event)
    if link.table_number is None or round_ is None:
        rows = StandingRow.objects.filter(event=event).select_related("entrant").order_by("rank")
        return Shown(round_, None, False, [], list(rows[:TOP]))
    table = (
        Table.objects.filter(round=round_, number=link.table_number)
        .select_related("result")
        .with_seats()
        .first()
    )
    if table is None:
        return Shown(round_, None, False, [], [])
    done = has_result(table)
    places = {seat.entrant_id: seat.place for seat in table.result.seats.all()} if done else {}
    rows = [(seated.name, places.get(seated.entrant_id)) for seated in table.seating]
    return Shown(round_, table, done, rows, [])
