"""Ladder: neighbours in the standings (for bots, the rating) play together, at tables
of the table size; when the count does not divide, the few left over sit the round
out, different ones each round. No history is needed: a ladder round only asks who is
near whom now."""

from __future__ import annotations

from lib.refusal import Refusal
from tournaments.formats.base import Format, PairingRequest, PlannedTable, gettext_noop


class Ladder(Format):
    key = "ladder"
    name = gettext_noop("Ladder")
    options = {}

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        ordered = sorted(request.contenders, key=lambda c: (-c.points, c.rank, c.key))
        if len(ordered) < 2:
            raise Refusal("a ladder round needs at least two entrants")
        k, n = request.table_size, len(ordered)
        out = n % k if n > k else 0
        # Spread those sitting out along the ladder and move them on every round.
        step, turn = (n // out if out else 0), request.round_number - 1
        resting = sorted({(turn + j * step) % n for j in range(out)})
        playing = [c for i, c in enumerate(ordered) if i not in resting]
        planned = []
        for start in range(0, len(playing), k):
            members = playing[start : start + k]
            note = {
                "ladder": True,
                "points_high": members[0].points,
                "points_low": members[-1].points,
            }
            planned.append(PlannedTable([c.key for c in members], note))
        for i in resting:
            note = {"bye": True, "sits_out": True}
            planned.append(PlannedTable([ordered[i].key], note, bye=True))
        return planned
