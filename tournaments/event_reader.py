"""The reader's section of the event page: what needs them now (their table and seat,
an entry to confirm) and their entry (waitlisted, checked in, withdraw; or register).

When the pairings are released every player reads the event page at once, and this
section is all of it that is theirs (the rest is cached per page version,
``tournaments.event_cache``). It is drawn from a precompiled form
(``tournaments.precompiled``): the template once per shape (which items, which state of
the entry) and language, each reader's values (the items' sentences and links, their
table's clock, the CSRF token, their place on the waitlist) put in per request.
"""

from django.middleware.csrf import get_token

from tournaments.models import Entrant, Event
from tournaments.precompiled import Form, slot


class ItemSlots:
    """An item of ``_todo.html`` as the form is drawn with: its action (of the shape)
    and the markers of its sentence, link and clock."""

    def __init__(self, index: int, action: str):
        self.action = action
        self.text, self.url, self.clock_html = (
            slot(f"{what}{index}") for what in ("text", "url", "clock")
        )


def markers(shape: dict) -> dict:
    return {
        "todo": [ItemSlots(i, action) for i, action in enumerate(shape["items"])],
        "csrf_token": slot("csrf_token"),
        "waitlist_place": slot("waitlist_place"),
    }


READER_SECTION = Form("tournaments/_event_reader.html", markers)


def check_in_state(event: Event, entry: Entrant) -> str:
    """What the entry's check-in shows: ``done``, ``open`` (a button), ``opens`` (when),
    ``closed`` (nothing), or "" (no check-in here)."""
    if not event.check_in or entry.is_dropped:
        return ""
    if entry.is_checked_in:
        return "done"
    if event.takes_check_ins:
        return "open"
    return "opens" if event.check_in_opens_at else "closed"


def entry_shape(request, event: Event, entry: Entrant | None) -> dict:
    """What the section decides on about the reader's entry (or their registering)."""
    shape = {"slug": event.slug, "section": entry is not None, "entered": ""}
    if entry is None:
        if not event.takes_registrations:
            return shape
        signed_in = request.user.is_authenticated
        return shape | {
            "section": True,
            "signed_in": signed_in,
            "capacity": event.capacity if signed_in else None,
            "path": "" if signed_in else request.path,
        }
    check_in = check_in_state(event, entry)
    return shape | {
        "entered": (
            "waitlisted" if entry.is_waitlisted else "dropped" if entry.is_dropped else "entered"
        ),
        "check_in": check_in,
        "check_in_opens_at": event.check_in_opens_at if check_in == "opens" else None,
        "withdraw": not entry.is_dropped and not event.is_finished,
    }


def reader_section(request, event: Event, entry: Entrant | None, todo: list) -> str:
    """The section for ``request``'s reader: ``todo`` (``tournaments.todo.todo_for``)
    and their ``entry`` of ``event`` (None: they have none)."""
    shape = {"items": tuple(item.action for item in todo), **entry_shape(request, event, entry)}
    values = {
        "csrf_token": get_token(request),
        "waitlist_place": entry.waitlist_place if shape["entered"] == "waitlisted" else "",
    }
    for i, item in enumerate(todo):
        values |= {f"text{i}": item.text, f"url{i}": item.url, f"clock{i}": item.clock_html}
    return READER_SECTION.render(shape, values)
