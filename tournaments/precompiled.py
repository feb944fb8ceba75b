"""Templates drawn once per *shape*, then filled per request: precompiled forms.

A part of a page that is the reader's own (their table and seat on the event page) is
the same few sentences for everyone, with each person's values in them. Rendering its
template for every request was most of that part's cost; so a ``Form`` draws its
template once per shape (the values its tags decide on: which branch, which plural, how
many items) and language, with a marker in place of each *slot* (a value it only
shows), and splits it at the markers. A read joins the parts with the reader's values,
each escaped as the template would have (a safe string, such as a rendered fragment,
as it is).

A slot must be shown as it is given: never tested, filtered or formatted by the
template (deciding is the shape's business). Forms are kept per process, the last
``FORMS_KEPT`` drawn.
"""

from collections.abc import Callable
from functools import lru_cache

from django.template.loader import get_template
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from lib.slots import Drawn, filled, split_at_slots

FORMS_KEPT = 512


class Form:
    """``template_name`` drawn per shape: ``markers(shape)`` is the rest of its context
    (slots' markers, ``lib.slots.slot(name)``, or objects holding them), the same for every read
    of one shape."""

    def __init__(self, template_name: str, markers: Callable[[dict], dict]):
        self.template_name = template_name
        self.markers = markers

    def render(self, shape: dict, values: dict) -> SafeString:
        """The form of ``shape`` (hashable values) filled with ``values`` (each slot's
        value by name)."""
        form = drawn(self, get_language() or "", tuple(sorted(shape.items())))
        return filled(form, values.__getitem__)


@lru_cache(maxsize=FORMS_KEPT)
def drawn(form: Form, _language: str, shape: tuple) -> Drawn:
    """``form`` drawn with ``shape`` in the active language."""
    context = dict(shape)
    return split_at_slots(
        get_template(form.template_name).render({**context, **form.markers(context)})
    )
