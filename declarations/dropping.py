"""Dropping the entrants who declared nothing by the deadline, before round 1 is paired
(they "may be dropped at round 1"). The organiser names the entrants the page showed;
when that list changed meanwhile (one declared through an organiser's edit, one
withdrew), nothing is dropped and the change is refused (409)."""

from django.db import transaction
from django.utils.translation import gettext as _

from declarations.declaring import is_past_deadline, rule_of, undeclared
from lib.refusal import CONFLICT, Refusal
from tournaments import event_log
from tournaments.models import Entrant, Event
from tournaments.registration import do_drop, lock_event


def do_drop_undeclared(event: Event, by, seen: list[int]) -> list[Entrant]:
    """Drop the active entrants without a declaration (their places go to the
    waitlist); ``seen``: the entrants' ids the organiser was shown."""
    if not is_past_deadline(rule_of(event)):
        raise Refusal(_("The deadline has not passed yet."), field="entrants", code=CONFLICT)
    with transaction.atomic():
        event = lock_event(event)
        if event.rounds.exists():
            raise Refusal(
                _("Round 1 is paired already: drop entrants one by one on the entrants page."),
                field="entrants",
                code=CONFLICT,
            )
        missing = undeclared(event)
        if sorted(e.pk for e in missing) != sorted(seen):
            raise Refusal(
                _("Who has no declaration changed since you looked: look again."),
                field="entrants",
                code=CONFLICT,
            )
        dropped = [do_drop(entrant, by) for entrant in missing]
        if dropped:
            event_log.log(
                event, by, event_log.Action.UNDECLARED_DROPPED, entrants=[e.name for e in dropped]
            )
    return dropped
