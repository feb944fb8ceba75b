"""The words of the built-in Call to Adventure rules profile in the reader's language,
and the score lines' labels.

A rules profile is data (``games/call_to_adventure/data/core-2.json``, or one an
organiser corrects) and its engine stays Django-free, so its words are English there;
the entry page shows the words it knows translated, and an organiser's own words as
they were typed.
"""

from django.utils.translation import gettext_lazy as _

WORDS = {
    "Call to Adventure, core, 2nd edition": _("Call to Adventure, core game, 2nd edition"),
    "divinity": _("divinity"),
    "justice": _("justice"),
    "nature": _("nature"),
    "arcana": _("arcana"),
    "royalty": _("royalty"),
    "villainy": _("villainy"),
    "strength": _("strength"),
    "dexterity": _("dexterity"),
    "constitution": _("constitution"),
    "intelligence": _("intelligence"),
    "wisdom": _("wisdom"),
    "charisma": _("charisma"),
    "neutral": _("neutral"),
    "tragic hero": _("tragic hero"),
    "penalty": _("penalty"),
    "The rulebook's picture of the track is lost; its text proves levels 3 to 7. Levels 1 "
    "and 2 are not known: a hero there types the number printed on their board.": _(
        "The rulebook's picture of the track is lost; its text proves levels 3 to 7. Levels "
        "1 and 2 are not known: a hero there types the number printed on their board."
    ),
}

# The score lines of a hero's breakdown, as the entry page and a rescore show them.
LINES = {
    "printed": _("Printed Triumph and Tragedy"),
    "corruption": _("Corruption track"),
    "destiny": _("Destiny card"),
    "experience": _("Unspent experience"),
    "hero_cards": _("Hero cards"),
    "antihero_cards": _("Antihero cards"),
    "story_icons": _("Story icons"),
    "adversary": _("Adversary"),
}


def said(word):
    """``word`` translated when the built-in profile has it, else as it is."""
    return str(WORDS[word]) if isinstance(word, str) and word in WORDS else word


def shown(profile: dict) -> dict:
    """A copy of ``profile`` whose words people read are in their language."""
    corruption = profile.get("corruption", {})
    return {
        **profile,
        "title": said(profile.get("title")),
        "corruption": {
            **corruption,
            "note": said(corruption.get("note")),
            "levels": [{**row, "name": said(row.get("name"))} for row in corruption["levels"]],
        },
    }
