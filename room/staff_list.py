"""The event page's list of the room's staff (its organisers, judges with their tables,
scorekeepers), and the reader's own pages among them (the judges' page, the fast desk).

The page reads it without a query while nothing changed: the event's query carries the
roles' stamp (``staff_stamp``, registered with ``tournaments.event_cache``), and the
list is built once per stamp and language (``lib.built_once``); an event without judges
or scorekeepers shows nothing and reads nothing."""

import hashlib
from dataclasses import dataclass

from django.db import connection
from django.db.models import CharField
from django.utils.translation import get_language

from lib.built_once import cached_under
from tournaments.models import EventRole
from tournaments.roles import staff_of, tables_in_words

NONE = "0:"


def staff_stamp(_reader) -> dict:
    """The event page's annotation: how many roles the event has and when the newest
    was given (a role is never edited: one removed moves the count, one given the
    time); ``NONE`` without any."""
    roles = connection.ops.quote_name(EventRole._meta.db_table)
    sql = (
        "SELECT CAST(COUNT(*) AS TEXT) || ':' || COALESCE(CAST(MAX(s.created_at) AS TEXT), '')"
        f" FROM {roles} s WHERE s.event_id = {{event}}.id"
    )
    return {"staff_stamp": (sql, [], CharField())}


@dataclass(frozen=True)
class Member:
    user_id: int
    name: str
    role: str
    words: str
    tables: str


def staff_list(event) -> list[Member]:
    stamp = getattr(event, "staff_stamp", None)
    if stamp == NONE:
        return []

    def build():
        return [
            Member(
                role.user_id,
                str(role.user),
                role.role,
                str(role.get_role_display()),
                tables_in_words(role),
            )
            for role in staff_of(event)
        ]

    if stamp is None:
        return build()
    version = hashlib.sha256(stamp.encode()).hexdigest()[:24]  # a cache key has no spaces
    return cached_under(["event-staff", event.pk, version, get_language()], build)
