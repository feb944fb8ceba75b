"""An event's card catalogue (a game with rules profiles: Call to Adventure's):
imported by an organiser, checked against the event's rules profile, used for the
cards entered by their id (the Destiny card)."""

from django.db import transaction

from scoring import audit
from scoring.models import EventCatalogue
from scoring.profiles import rules_profiles_of, stored_rules_profile


def check_catalogue(event, source: str):
    """The catalogue, or a refusal listing its faults row by row."""
    return rules_profiles_of(event).card_catalogue(source, stored_rules_profile(event))


def event_catalogue(event):
    stored = EventCatalogue.objects.filter(event=event).first()
    return check_catalogue(event, stored.source) if stored else None


def picked_cards(event, catalogue) -> list[dict]:
    """The cards a player may pick by name on the entry page (none without a
    catalogue)."""
    if catalogue is None:
        return []
    return rules_profiles_of(event).picks(catalogue)


def do_store_catalogue(event, source: str, by):
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
