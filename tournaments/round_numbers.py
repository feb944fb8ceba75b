"""Which round comes next (a late entrant joins it; a drop takes effect from it)."""

from django.db.models import Max

from tournaments.models import Event


def next_round_number(event: Event) -> int:
    return (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
