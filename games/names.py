"""The one check of every name people give (a person's display name, a league's, a
season's, an event's, an entrant's and their club's, a bot's, a catalogue game's):
plain text, without the characters that change how the text around it is shown or
hide part of it. U+202E (right-to-left override) turns "Carcassonne\u202enoc.live"
around on the page; control characters and line separators break a line where none
should be; zero-width and other format characters make two names that look alike
differ. Zero-width joiners and non-joiners stay (emoji sequences, Persian, Indic
scripts need them).

Each model's name fields carry ``validate_name_text`` (forms, the API's serializers,
the admin), and ``check_names_before_save`` runs it before every save of those models,
so a service, an import or a command cannot store one either (a ``Refusal`` naming the
field). Here, in ``games``, because every app that names things may import ``games``.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from lib.refusal import Refusal

# Format characters a name may hold: the zero-width non-joiner and joiner.
KEPT_FORMAT = frozenset({"\u200c", "\u200d"})
# Control, format, line and paragraph separators, surrogates, private use, unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` a name may not hold, else None."""
    for character in text:
        if character in KEPT_FORMAT:
            continue
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            return character
    return None


def message(character: str) -> str:
    return _(
        "A name is plain text: U+%(code)04X (%(what)s) changes how text is shown or hides it."
    ) % {"code": ord(character), "what": unicodedata.name(character, _("a control character"))}


def check_name_text(value, field: str):
    """``value`` when it is a name of plain text (anything but text passes: the field's
    own check says what it should be), else a ``Refusal`` naming ``field``."""
    if isinstance(value, str):
        character = hidden_character(value)
        if character is not None:
            raise Refusal(message(character), field=field)
    return value


def validate_name_text(value) -> None:
    """``check_name_text`` as a Django validator (a model field's, so a form's and a
    serializer's)."""
    if isinstance(value, str):
        character = hidden_character(value)
        if character is not None:
            raise ValidationError(message(character), code="hidden_character")


def check_names_before_save(sender, instance, update_fields=None, **_kwargs) -> None:
    """``pre_save``: the name fields a model lists in ``NAME_FIELDS`` checked before it
    is saved (those saved, when ``update_fields`` says which)."""
    fields = getattr(sender, "NAME_FIELDS", ())
    for field in fields:
        if update_fields is None or field in update_fields:
            check_name_text(getattr(instance, field), field)
