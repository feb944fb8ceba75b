"""An event's rules profile, for the games that have one (``GameType.has_rules_profile``):
the organiser's own copy, else the game's default."""

from games.call_to_adventure import DEFAULT_PROFILE


def stored_rules_profile(event) -> dict | None:
    """The event's own profile, ``None`` when it plays the default."""
    stored = getattr(event, "rules_profile", None)
    return stored.profile if stored else None


def event_rules_profile(event) -> dict:
    """The profile the event's tables are scored with."""
    return stored_rules_profile(event) or DEFAULT_PROFILE.as_dict()
