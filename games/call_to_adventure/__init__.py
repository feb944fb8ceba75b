"""Call to Adventure: scoring a finished tableau (Django-free).

The site never plays Call to Adventure; players enter their heroes' final tableaux and
this package computes the Destiny score line by line and the table's places, following
``shared/specs/call-to-adventure.md``. Modules: ``profile`` (the rules tables as data),
``cards``, ``catalogue``, ``catalogue_csv`` and ``catalogue_json`` (an organiser's card
list), ``destiny`` (Destiny card requirements), ``tableau`` and ``card_entry`` (reading a
player's entry), ``lines`` (a function per score line), ``places``, ``scorer`` (the
answer) and ``rescore`` (what a rescoring changed). Decisions the spec leaves open:
``docs/call-to-adventure-decisions.md``.
"""

from games.call_to_adventure.catalogue import (
    Catalogue,
    CatalogueError,
    example_catalogue,
    load_catalogue,
)
from games.call_to_adventure.profile import DEFAULT_PROFILE, Profile, ProfileError, load_profile
from games.call_to_adventure.scorer import FORMAT, score_tableau

__all__ = [
    "DEFAULT_PROFILE",
    "FORMAT",
    "Catalogue",
    "CatalogueError",
    "Profile",
    "ProfileError",
    "example_catalogue",
    "load_catalogue",
    "load_profile",
    "score_tableau",
]
