"""Names of formats in the reader's language: the pure strategy modules hold them in
English, marked with ``gettext_noop``."""

from django import template
from django.utils.translation import gettext

from tournaments.event_settings import points_words as event_points_words
from tournaments.formats import REGISTRY as FORMATS

register = template.Library()


@register.filter
def format_name(key: str) -> str:
    found = FORMATS.get(key)
    return gettext(found.name) if found else key


@register.simple_tag
def shared_ranks(rows) -> set[int]:
    """The ranks held by more than one row (shown as ``=3``)."""
    seen, shared = set(), set()
    for row in rows:
        (shared if row.rank in seen else seen).add(row.rank)
    return shared


@register.filter
def mark_of(marks: dict, entrant_id) -> str:
    """An entrant's mark in the standings (``knockout_places.knockout_marks``), or ""."""
    return marks.get(entrant_id, "")


@register.filter
def points_words(event) -> str:
    """The event's points by place in words (``event_settings.points_words``)."""
    return event_points_words(event)
