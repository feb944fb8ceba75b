"""Slots: a part of a page drawn once, with a marker in place of each value that is a
request's own (the reader's name, their CSRF token, the time left on a clock), and
filled for each request.

Drawing a template is most of a cached page's cost; drawing it once per shape and
filling the request's values in is a join. ``slot(name)`` is the marker a part is
drawn with, ``split_at_slots`` keeps the drawn part as its texts between the markers
and the slots' names, and ``filled`` joins them with each slot's value escaped as
``{{ }}`` escapes it (a safe string, such as a rendered fragment, as it is). The
markers are random per process, so nothing a person writes can be taken for one.

Users: the page chrome (``lib.page_chrome``), the reader's section of the event
page (``tournaments.precompiled``), the round page everyone not signed in shares
(``tournaments.views.rounds``).
"""

import re
import secrets
from collections.abc import Callable
from typing import Any, NamedTuple

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

_TOKEN = secrets.token_hex(12)
_MARKER = re.compile(f"\x00{_TOKEN}:(\\w+)\x00")


def slot(name: str) -> str:
    """What a part is drawn with in place of the request's own value ``name``."""
    return f"\x00{_TOKEN}:{name}\x00"


class Drawn(NamedTuple):
    """A drawn part: its texts between the slots and the slots' names in order (one
    text more than names)."""

    texts: list[str]
    names: list[str]


def split_at_slots(drawn: str) -> Drawn:
    pieces = _MARKER.split(drawn)
    return Drawn(pieces[0::2], pieces[1::2])


def filled(drawn: Drawn, value_of: Callable[[str], Any]) -> SafeString:
    """``drawn`` with each slot's ``value_of(name)``, escaped."""
    out = [drawn.texts[0]]
    for name, text in zip(drawn.names, drawn.texts[1:], strict=True):
        out.append(conditional_escape(value_of(name)))
        out.append(text)
    return SafeString("".join(out))
