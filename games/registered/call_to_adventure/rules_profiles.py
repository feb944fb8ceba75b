"""Call to Adventure's rules profiles and card catalogues, as ``scoring``'s rules
profile page, its rescoring and the entry page ask for them
(``GameType.rules_profiles``): the rulebook's pictures of the Corruption track and the
Story-icon table are lost, so an event corrects them, and its organiser's card list
makes Destiny cards pickable by name."""

from games.call_to_adventure import DEFAULT_PROFILE, Catalogue, load_catalogue, load_profile
from games.call_to_adventure.cards import Kind
from games.call_to_adventure.rescore import what_changed
from games.declaring import RulesProfiles
from games.registered.call_to_adventure.profile_form import RulesProfileForm
from games.registered.call_to_adventure.profile_words import LINES, said


def default() -> dict:
    return DEFAULT_PROFILE.as_dict()


def check(profile: dict) -> dict:
    """The profile as the engine reads it, or ``ProfileError`` naming the wrong key."""
    return load_profile(profile).as_dict()


def card_catalogue(source: str, profile: dict | None) -> Catalogue:
    """The catalogue checked against the profile's icon names, or ``CatalogueError``
    listing its faults row by row."""
    return load_catalogue(source, profile=load_profile(profile) if profile else DEFAULT_PROFILE)


def destiny_cards(catalogue: Catalogue) -> list[dict]:
    """The Destiny cards a player may pick on the entry page, by name."""
    cards = [card for card in catalogue.cards.values() if card.kind == Kind.DESTINY]
    return [{"id": card.id, "name": card.name} for card in sorted(cards, key=lambda c: c.name)]


RULES_PROFILES = RulesProfiles(
    default=default,
    check=check,
    card_catalogue=card_catalogue,
    picks=destiny_cards,
    what_changed=what_changed,
    form=RulesProfileForm,
    template="games/call_to_adventure/rules_profile.html",
    said=said,
    lines=LINES,
)
