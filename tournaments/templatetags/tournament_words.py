"""Names of formats in the reader's language: the pure strategy modules hold them in
English, marked with ``gettext_noop``."""

from django import template
from django.utils.translation import gettext

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
