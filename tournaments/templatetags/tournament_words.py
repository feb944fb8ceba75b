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


@register.filter
def points_words(event) -> str:
    """The event's points by place in words (``event_settings.points_words``)."""
    return event_points_words(event)
