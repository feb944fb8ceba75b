"""The ids a league's results and people have in a BG Stats file: stable, so that a
result exported twice is the same play, and a play taken in again is known."""

import uuid

from django.conf import settings


def site_uuid(path: str) -> uuid.UUID:
    """A name-based id of something of this site (its address is in it, so that two
    sites' results never share one)."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"{settings.SITE_URL.rstrip('/')}/{path}")


def result_uuid(result_id: int) -> uuid.UUID:
    return site_uuid(f"results/{result_id}")


def person_uuid(kind: str, key: int) -> uuid.UUID:
    """``kind``: "user" or "bot"."""
    return site_uuid(f"{kind}s/{key}")


def game_uuid(key: str) -> uuid.UUID:
    return site_uuid(f"games/{key}")


def league_uuid(slug: str) -> uuid.UUID:
    return site_uuid(f"leagues/{slug}")
