"""Where a forfeited seat finishes (check-in every round, ``tournaments.round_forfeits``):
last at its table, whatever was entered for it. Every result written asks this, so a
forfeit counts the same whether the players, an organiser or the rule wrote it."""

from dataclasses import replace

from tournaments.models import Forfeit


def standing_forfeits(table_id: int) -> set[int]:
    """The positions of the table's seats forfeited (and not undone)."""
    rows = Forfeit.objects.filter(table_id=table_id, undone_at__isnull=True).order_by()
    return set(rows.values_list("position", flat=True))


def place_forfeits_last(outcomes: list, forfeited: set[int]) -> list:
    """``outcomes`` (each with a ``position`` and a ``place``) with the forfeited seats
    sharing the last place; the others keep their order among themselves, ranked again
    from 1 (ties kept)."""
    if not forfeited:
        return outcomes
    present = sorted((o for o in outcomes if o.position not in forfeited), key=lambda o: o.place)
    places: dict[int, int] = {}
    ranked = [
        replace(o, place=places.setdefault(o.place, index))
        for index, o in enumerate(present, start=1)
    ]
    last = len(present) + 1
    ranked += [replace(o, place=last) for o in outcomes if o.position in forfeited]
    return sorted(ranked, key=lambda o: o.position)
