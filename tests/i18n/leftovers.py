"""English left on a page that should speak another language.

A page's people-facing text (text nodes, and the aria-label, title, placeholder and alt
attributes) is scanned for words that are English and not German or Russian. What
people typed (names of leagues, events, users, bots: every short text stored in the
database) is taken out first, and so is anything marked as another language (the
language switcher's "English") or shown as code (``<pre>``, ``<code>``: game records).
"""

import re
from html.parser import HTMLParser

from django.apps import apps
from django.db import models

# Common English words that are not words of German or Russian interface text.
ENGLISH = set(
    """
    the and of to your you with for is are this that these those from there here what
    which who whose when where why how been has have had were would could should
    not no yet all any every each new add back into onto than then them they their
    our its it be by at on or if as so up out over after before about only also just
    enter save round rounds table tables event events player players seat seats score
    scores log sign signed confirm dispute result results standings league leagues season
    seasons entrant entrants game games match matches move moves turn play played
    playing card cards set sets pile piles draw discard lay task tasks reveal revealed
    waiting confirmed disputed finished open closed nothing none nobody someone anyone
    yes one two three four five six first next last previous more less most least
    points place places total totals winner won wins check record records upload
    paste file choose pick edit delete remove create update change password account
    profile username email settings help back home print download view replay schedule
    organiser organisers organise starts start started end ends ended left right
    because while until still already again now today yesterday tomorrow minutes seconds
    hours days week weeks time times deadline forfeit timeout timeouts bye byes pair
    paired pairing pairings swap swapped drop dropped reason override settle settled
    enter entered entry entries preview rules profile catalogue imported import apply
    visibility description created seed level easy medium hard greedy search
    """.split()
)

# Names that stay as they are in every language, and notation (paths, JSON, identifiers,
# a value to type quoted: 'byes').
PROPER_NAMES = ["Call to Glory", "Call to Adventure", "Leaguewright"]
NOTATION = re.compile(r"\S*[/{}_=]\S*|'[a-z-]+'")

SKIP = {"script", "style", "pre", "code", "kbd", "samp", "textarea"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}  # fmt: skip
SPOKEN_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")


class PeoplesText(HTMLParser):
    """The text a person reads or hears on a page in ``language``."""

    def __init__(self, language: str):
        super().__init__(convert_charrefs=True)
        self.language = language
        self.stack: list[tuple[str, bool]] = []
        self.chunks: list[str] = []

    @property
    def hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        lang = attrs.get("lang")
        hidden = (
            self.hidden or tag in SKIP or (lang is not None and not lang.startswith(self.language))
        )
        if not hidden:
            self.chunks += [attrs[name] for name in SPOKEN_ATTRIBUTES if attrs.get(name)]
            if tag == "input" and attrs.get("type") in ("submit", "button"):
                self.chunks.append(attrs.get("value") or "")
        if tag not in VOID:
            self.stack.append((tag, hidden))

    def handle_startendtag(self, tag, attrs):
        if not self.hidden:
            attrs = dict(attrs)
            self.chunks += [attrs[name] for name in SPOKEN_ATTRIBUTES if attrs.get(name)]

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.chunks.append(data)


def typed_by_people() -> list[str]:
    """Every short text stored in the database, longest first."""
    typed = set()
    for model in apps.get_models():
        fields = [
            field.name
            for field in model._meta.get_fields()
            if isinstance(field, models.CharField | models.TextField) and not field.choices
        ]
        for row in model.objects.values_list(*fields) if fields else []:
            typed.update(value for value in row if value and len(value) <= 300)
    return sorted(typed, key=len, reverse=True)


def english_left(html: str, language: str, typed: list[str]) -> list[str]:
    """The pieces of text on the page that still contain English words."""
    parser = PeoplesText(language)
    parser.feed(html)
    left = []
    for chunk in parser.chunks:
        text = NOTATION.sub(" ", " ".join(chunk.split()))
        for value in [*typed, *PROPER_NAMES]:
            if value in text:
                text = text.replace(value, " ")
        words = {word.lower() for word in re.findall(r"[A-Za-z]+", text)}
        if words & ENGLISH:
            left.append(f"{' '.join(chunk.split())!r} ({', '.join(sorted(words & ENGLISH))})")
    return left
