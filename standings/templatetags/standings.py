"""The standings' words on a page: shared ranks (``=3``) and a knockout's marks."""

from django import template

register = template.Library()


@register.simple_tag
def shared_ranks(rows) -> set[int]:
    """The ranks held by more than one row (shown as ``=3``)."""
    seen, shared = set(), set()
    for row in rows:
        (shared if row.rank in seen else seen).add(row.rank)
    return shared


@register.filter
def mark_of(marks: dict, entrant_id) -> str:
    """An entrant's mark in the standings (``standings.knockout_places.knockout_marks``), or ""."""
    return marks.get(entrant_id, "")
