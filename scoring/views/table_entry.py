"""A table as a game's entry page sees it (``games.registry.EntryPage``): the game's
callables read the form, score an entry and find what is stored through this, so that
a game's folder names nothing of ``scoring``."""

from django.utils.functional import cached_property

from lib.refusal import attempted
from scoring.catalogues import event_catalogue, picked_cards
from scoring.entries import score, seat_names
from scoring.profiles import event_rules_profile
from scoring.submissions import current_entry
from scoring.views.common import conflict_view, open_submission
from scoring.views.saving import posted_round


class TableEntry:
    """``request``'s view of ``table``'s entry, with the form ``data`` sent (none: the
    page is shown)."""

    def __init__(self, request, table, data=None):
        self.request, self.table = request, table
        self.data = data or {}
        self.options = table.round.event.rules_options
        self.by_slip = getattr(request, "slip", None) is not None
        self.override = bool(self.data.get("override") or request.GET.get("override"))
        self.round = posted_round(self.data)

    @cached_property
    def names(self) -> list[str]:
        return seat_names(self.table)

    def stored(self):
        """The entry the table's result stands on now (``current_entry``), or None."""
        return current_entry(self.table)

    def waiting(self):
        """The entry waiting for confirmation, or None."""
        return open_submission(self.table)

    def score(self, kind: str, entry) -> tuple[dict | None, dict | None]:
        """(the scorer's answer, None), or (None, the error it was refused with)."""
        scored = attempted(score, self.table, kind, entry)
        if scored.refusal is not None:
            return None, scored.refusal.error
        _document, answer = scored.answer
        return answer, None

    def rules_profile(self) -> dict:
        return event_rules_profile(self.table.round.event)

    def picks(self) -> list[dict]:
        """The cards a player picks by name (none without the event's catalogue)."""
        event = self.table.round.event
        return picked_cards(event, event_catalogue(event))

    def whole_conflict(self, conflict: dict | None, per_seat) -> dict | None:
        """A whole result entered twice, a row per seat as ``per_seat(entry)`` says it."""
        return conflict_view(self.names, conflict, per_seat)
