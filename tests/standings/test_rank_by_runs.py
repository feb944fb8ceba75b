"""``tiebreaks.rank`` splits the tied groups by a run of keys at once, from sums taken
in one pass over the ledger. It must give what the definition gives: every group split
by one key at a time, each value computed from the entrant's games as the tie-break's
name says. The definition is written out here, plainly, as the oracle."""

from collections import defaultdict

from hypothesis import given, settings

from standings.tiebreaks import PLAYED, full_order, rank
from tests.standings.test_standings_not_playing import CHOSEN, LEADS, fields


def defined_value(ledger, key, entrant, group):
    games = ledger.games.get(entrant, ())

    def points(e):
        return (
            ledger.start.get(e, 0)
            + ledger.byes.get(e, 0)
            + sum(g.points for g in ledger.games.get(e, ()))
        )

    best = min if ledger.lower_scores_win else max
    return {
        "points": lambda: points(entrant),
        "played": lambda: int(bool(games)),
        "qualified": lambda: int(len(games) >= ledger.minimum_games),
        "rating": lambda: ledger.ratings.get(entrant, 0.0),
        "score_total": lambda: sum(g.score for g in games),
        "best_round": lambda: best((g.score for g in games), default=0),
        "wins": lambda: sum(1 for g in games if g.place == 1),
        "opponents_points": lambda: sum(points(o) for g in games for o in g.opponents),
        "head_to_head": lambda: sum(
            g.points for g in games if any(o in group for o in g.opponents)
        ),
    }[key]()


def defined_rank(ledger, entrants, order, names, lead):
    """Key by key: each group still tied split by the next key's values."""
    order = [lead, PLAYED, *[k for k in order if k not in (lead, PLAYED)]]
    if "points" not in order:
        order.append("points")
    smaller_first = {"score_total", "best_round"} if ledger.lower_scores_win else set()
    values = {e: {} for e in entrants}
    groups = [list(entrants)]
    for key in order:
        split = []
        for group in groups:
            for e in group:
                values[e][key] = defined_value(ledger, key, e, frozenset(group))
            buckets = defaultdict(list)
            for e in group:
                buckets[values[e][key]].append(e)
            for value in sorted(buckets, reverse=key not in smaller_first):
                split.append(buckets[value])
        groups = split
    rows, position = [], 1
    for group in groups:
        for e in sorted(group, key=lambda e: (names.get(e, ""), e)):
            rows.append({"entrant_id": e, "rank": position, "values": values[e]})
        position += len(group)
    return rows


@settings(max_examples=400, deadline=None)
@given(
    field=fields(),
    chosen=CHOSEN,
    lead=LEADS,
)
def test_ranking_by_runs_of_keys_gives_what_one_key_at_a_time_gives(field, chosen, lead):
    ledger, entrants = field
    order = full_order(lead, chosen)
    names = {e: f"E{e % 3}" for e in entrants}  # shared names: the id decides
    assert rank(ledger, entrants, order, names, order[0]) == defined_rank(
        ledger, entrants, order, names, order[0]
    )
