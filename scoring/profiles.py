"""An event's rules profile, for the games that have one (``GameType.rules_profiles``):
the organiser's own copy, else the game's default."""

from django.http import Http404

from games.declaring import RulesProfiles


def rules_profiles_of(event) -> RulesProfiles:
    """What the event's game says of rules profiles; a 404 for a game without them."""
    profiles = event.game_type.rules_profiles
    if profiles is None:
        raise Http404("This event's game has no rules profile.")
    return profiles


def stored_rules_profile(event) -> dict | None:
    """The event's own profile, ``None`` when it plays the default."""
    stored = getattr(event, "rules_profile", None)
    return stored.profile if stored else None


def event_rules_profile(event) -> dict:
    """The profile the event's tables are scored with."""
    return stored_rules_profile(event) or rules_profiles_of(event).default()
