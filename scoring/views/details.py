"""What an entry holds, shown to everyone who may confirm, dispute or settle it, as the
table's game says it (``EntryPage.details``: a Call to Glory game round by round, a Call
to Adventure table's breakdown). Confirming is done on what one sees, not on four
totals."""

from games.registry import get_game
from scoring.entries import seat_names
from scoring.models import Submission


def details_of(table, submission: Submission | None) -> dict:
    """The entry's details and the template that shows them, for the table page ({}
    when it has none to show: a record, game totals, an entry the scorer refused)."""
    if submission is None or not submission.answer.get("valid"):
        return {}
    page = get_game(table.round.event.game).entry
    if page is None or page.details is None:
        return {}
    shown = page.details(seat_names(table), submission)
    return {**shown, "template": page.details_template} if shown else {}
