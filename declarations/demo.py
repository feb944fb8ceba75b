"""Demo data: the Autumn Open asks each entrant for their character, public, open for a
week; two have declared. Idempotent."""

from datetime import timedelta

from django.utils import timezone

from declarations.models import Declaration, DeclarationRule
from tournaments.models import Event

CHARACTERS = ["Knight", "Witch", "Ranger", "Bard"]


def load_demo() -> str:
    event = Event.objects.filter(slug="autumn-open-2026").first()
    if event is None:
        return "no declarations: the tournaments demo is not loaded"
    DeclarationRule.objects.get_or_create(
        event=event,
        defaults={
            "label": "Character",
            "kind": DeclarationRule.Kind.CHOICE,
            "choices": CHARACTERS,
            "deadline": timezone.now() + timedelta(days=7),
        },
    )
    for entrant, character in zip(event.entrants.order_by("pk")[:2], CHARACTERS, strict=False):
        Declaration.objects.get_or_create(
            entrant=entrant, defaults={"event": event, "text": character}
        )
    return "declared characters"
