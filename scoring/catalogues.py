"""An event's Call to Adventure card catalogue: imported by an organiser, checked
against the event's rules profile, used for Destiny cards entered by their id."""

from django.db import transaction

from games.call_to_adventure import DEFAULT_PROFILE, load_catalogue, load_profile
from games.call_to_adventure.cards import Catalogue, Kind
from scoring import audit
from scoring.models import EventCatalogue
from scoring.profiles import stored_rules_profile


def profile_object(event):
    """The event's rules profile (its own copy, else the default) that names the icons."""
    stored = stored_rules_profile(event)
    return load_profile(stored) if stored else DEFAULT_PROFILE


def check_catalogue(event, source: str) -> Catalogue:
    """The catalogue, or ``CatalogueError`` listing its faults row by row."""
    return load_catalogue(source, profile=profile_object(event))


def event_catalogue(event) -> Catalogue | None:
    stored = EventCatalogue.objects.filter(event=event).first()
    return check_catalogue(event, stored.source) if stored else None


def destiny_cards(catalogue: Catalogue | None) -> list[dict]:
    """The Destiny cards a player may pick on the entry page, by name."""
    if catalogue is None:
        return []
    cards = [card for card in catalogue.cards.values() if card.kind == Kind.DESTINY]
    return [{"id": card.id, "name": card.name} for card in sorted(cards, key=lambda c: c.name)]


def do_store_catalogue(event, source: str, by) -> Catalogue:
    """Check and store the event's catalogue; the change goes into the audit log."""
    catalogue = check_catalogue(event, source)
    with transaction.atomic():
        EventCatalogue.objects.update_or_create(
            event=event, defaults={"source": source, "updated_by": by}
        )
        audit.log_event(
            event,
            by,
            "catalogue imported",
            after={"cards": len(catalogue), "title": catalogue.title},
        )
    return catalogue
