"""Which round comes next (a late entrant joins it; a drop takes effect from it)."""

from django.db.models import Max

from tournaments.models import Event

# A round's number is stored as a small integer: what a form or the API may name.
MAX_ROUND_NUMBER = 32_767


def next_round_number(event: Event) -> int:
    return (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
