"""What moves the event page on (``tournaments.views.events``), as its push stream
(``/push/events/SLUG/page/``, ``tournaments.views.push``) and the page itself read it.

A visitor's page is the shared part and a visitor's section: its stamp is the shared
part's version (``tournaments.event_cache.page_version``: the event's fields, standings
version, rounds, results), read with the event, no query of its own. A signed-in
reader's page also shows their part (their to-dos, their entry, an organiser's
actions), which changes with the event's entrants, its draft rounds, its event log
(every organiser action) and what other apps add (scoring: its audit log, every entry
and decision): these are read with the event in the readers' page query
(``register_page_annotation``, the same for every reader), so their stamp too costs the
page no query, and one stamp serves every reader. Each change is announced on the
event's channel (``tournaments.live``); a reader's page fetched again whose own part did
not change costs them a request, the same as a poll that found a change."""

import hashlib

from django.db import connection
from django.db.models import IntegerField

from tournaments.event_cache import page_version, register_page_annotation
from tournaments.models import Entrant, EventLogEntry, Round

_names: list[str] = []


def register_readers_stamp(provider) -> None:
    """``provider()`` returns ``{name: (sql, params, field)}`` as a page annotation
    does (``register_page_annotation``): values of the event, the same for every reader,
    that change with what the readers' parts show. Annotated for readers only."""

    def annotations(reader):
        return provider() if reader is not None else {}

    register_page_annotation(annotations)
    _names.extend(name for name in provider() if name not in _names)


def own_stamps() -> dict:
    quote = connection.ops.quote_name
    log = quote(EventLogEntry._meta.db_table)
    entrant = quote(Entrant._meta.db_table)
    round_ = quote(Round._meta.db_table)
    return {
        "stamp_logged": (
            f"SELECT MAX(l.id) FROM {log} l WHERE l.event_id = {{event}}.id",
            [],
            IntegerField(),
        ),
        "stamp_entrants": (
            f"SELECT COUNT(*) FROM {entrant} e WHERE e.event_id = {{event}}.id",
            [],
            IntegerField(),
        ),
        "stamp_active": (
            f"SELECT COUNT(*) FROM {entrant} e WHERE e.event_id = {{event}}.id AND e.status = %s",
            [Entrant.Status.ACTIVE],
            IntegerField(),
        ),
        # A draft paired, paired again, published or discarded.
        "stamp_drafts": (
            f"SELECT COALESCE(SUM(r.id + r.revision), 0) FROM {round_} r"
            " WHERE r.event_id = {event}.id AND r.draft = %s",
            [True],
            IntegerField(),
        ),
    }


register_readers_stamp(own_stamps)


def page_stamp(event, for_readers: bool) -> str:
    """``event`` read for its page (``read_page_event``; for a reader when
    ``for_readers``): what its page's stream compares."""
    version = page_version(event)
    if not for_readers:
        return version
    parts = [version, *(getattr(event, name, None) for name in _names)]
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
