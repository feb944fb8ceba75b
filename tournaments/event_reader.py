"""The reader's section of the event page: what needs them now (their table and seat,
an entry to confirm) and their entry (waitlisted, checked in, withdraw, dropped and
why, register again after withdrawing; or register).

When the pairings are released every player reads the event page at once, and this
section is all of it that is theirs (the rest is cached per page version,
``tournaments.event_cache``). It is drawn from a precompiled form
(``tournaments.precompiled``): the template once per shape (which items, which state of
the entry) and language, each reader's values (the items' sentences and links, their
table's clock, the CSRF token, their place on the waitlist) put in per request.
"""

from django.middleware.csrf import get_token

from lib.slots import slot
from tournaments.models import Entrant, Event
from tournaments.precompiled import Form


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


def check_in_shape(event: Event, entry: Entrant) -> dict:
    """What the entry's check-in shows: done, a button, when it opens, or nothing."""
    if (
        not event.check_in
        or entry.is_dropped
        or not (entry.is_checked_in or event.takes_check_ins or event.check_in_opens_at)
    ):
        return {"check_in": False}
    return {
        "check_in": True,
        "checked_in": entry.is_checked_in,
        "check_in_open": not entry.is_checked_in and event.takes_check_ins,
        "check_in_opens_at": (
            None if entry.is_checked_in or event.takes_check_ins else event.check_in_opens_at
        ),
    }


def entry_shape(request, event: Event, entry: Entrant | None) -> dict:
    """What the section decides on about the reader's entry (or their registering)."""
    shape = {"slug": event.slug, "section": entry is not None, "entered": entry is not None}
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
    withdrew = entry.is_dropped and entry.drop_reason == Entrant.DropReason.WITHDREW
    return (
        shape
        | {
            "waitlisted": entry.is_waitlisted,
            "dropped": not entry.is_waitlisted and entry.is_dropped,
            "withdrew": withdrew,
            "no_show": entry.is_no_show,
            "register_again": withdrew and event.takes_registrations,
            "withdraw": not entry.is_dropped and not event.is_finished,
        }
        | check_in_shape(event, entry)
    )


def reader_section(request, event: Event, entry: Entrant | None, todo: list) -> str:
    """The section for ``request``'s reader: ``todo`` (``tournaments.todo.todo_for``)
    and their ``entry`` of ``event`` (None: they have none)."""
    shape = {"items": tuple(item.action for item in todo), **entry_shape(request, event, entry)}
    values = {
        "csrf_token": get_token(request),
        "waitlist_place": entry.waitlist_place if shape.get("waitlisted") else "",
    }
    for i, item in enumerate(todo):
        values |= {f"text{i}": item.text, f"url{i}": item.url, f"clock{i}": item.clock_html}
    return READER_SECTION.render(shape, values)
