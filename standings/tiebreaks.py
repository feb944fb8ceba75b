"""Tie-breaks, by key, applied in the organiser's order. Plain Python over a ledger of
games. To add one: subclass ``TieBreak`` with a key and ``value``, add it to ``KINDS``,
and its key and name to the settings' vocabulary (``tournaments.tiebreak_names``)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from tournaments.tiebreak_names import CHOOSABLE, PLAYED, RANKING_KEYS

__all__ = ["CHOOSABLE", "PLAYED", "REGISTRY", "Ledger", "LedgerGame", "full_order", "rank"]


@dataclass
class LedgerGame:
    """One of an entrant's games in the ledger: its table and round, the points and
    score it brought, its place, and who else sat at the table."""

    table: int
    round: int
    points: float
    score: int
    place: int
    opponents: list = field(default_factory=list)


@dataclass
class Ledger:
    """Every entrant's games and byes in an event."""

    start: dict  # entrant -> starting points
    games: dict = field(default_factory=lambda: defaultdict(list))
    byes: dict = field(default_factory=lambda: defaultdict(float))  # entrant -> bye points

    ratings: dict = field(default_factory=dict)  # entrant -> ordinal (open leagues)
    # A game won by the lowest score (games.declaring.GameType.lower_scores_win): the
    # score tie-breaks rank the smaller value first.
    lower_scores_win: bool = False
    minimum_games: int = 0
    _points: dict = field(default_factory=dict)

    def points(self, entrant) -> float:
        """Total points (start, byes, games); cached: the ledger is filled before use."""
        total = self._points.get(entrant)
        if total is None:
            total = self._points[entrant] = (
                self.start.get(entrant, 0)
                + self.byes.get(entrant, 0)
                + sum(g.points for g in self.games.get(entrant, ()))
            )
        return total


class TieBreak:
    key = ""
    name = ""
    group_dependent = False
    # Its value is game scores: the better is the smaller when lower scores win.
    by_score = False

    def smaller_first(self, ledger: Ledger) -> bool:
        return self.by_score and ledger.lower_scores_win

    def value(self, ledger: Ledger, entrant, group: frozenset) -> float:
        raise NotImplementedError


class Played(TieBreak):
    """1 once an entrant has played a game. Not a choice: ``rank`` applies it right
    after the lead key, so that no tie-break can put an entrant who has not played
    above one equal on the lead key who has (a game-score total of 0 would lead where
    the lowest score wins, a rating of 0 above a player who lost)."""

    key, name = "played", "has played"

    def value(self, ledger, entrant, _group):
        return int(bool(ledger.games.get(entrant)))


class Qualified(TieBreak):
    """Open leagues: 1 once an entrant has played the minimum number of games."""

    key, name = "qualified", "played the minimum games"

    def value(self, ledger, entrant, _group):
        return int(len(ledger.games.get(entrant, ())) >= ledger.minimum_games)


class Rating(TieBreak):
    key, name = "rating", "rating (OpenSkill ordinal)"

    def value(self, ledger, entrant, _group):
        return ledger.ratings.get(entrant, 0.0)


class Points(TieBreak):
    key, name = "points", "points by place (ties share)"

    def value(self, ledger, entrant, _group):
        return ledger.points(entrant)


class ScoreTotal(TieBreak):
    key, name = "score_total", "game-score total"
    by_score = True

    def value(self, ledger, entrant, _group):
        return sum(g.score for g in ledger.games.get(entrant, ()))


class BestRound(TieBreak):
    key, name = "best_round", "best round score"
    by_score = True

    def value(self, ledger, entrant, _group):
        best = min if ledger.lower_scores_win else max
        return best((g.score for g in ledger.games.get(entrant, ())), default=0)


class Wins(TieBreak):
    key, name = "wins", "wins (first places)"

    def value(self, ledger, entrant, _group):
        return sum(1 for g in ledger.games.get(entrant, ()) if g.place == 1)


class OpponentsPoints(TieBreak):
    key, name = "opponents_points", "opponents' points"

    def value(self, ledger, entrant, _group):
        return sum(ledger.points(o) for g in ledger.games.get(entrant, ()) for o in g.opponents)


class HeadToHead(TieBreak):
    """Points scored at tables shared with the others still tied."""

    key, name = "head_to_head", "head-to-head"
    group_dependent = True

    def value(self, ledger, entrant, group):
        return sum(
            g.points for g in ledger.games.get(entrant, ()) if any(o in group for o in g.opponents)
        )


KINDS = {
    t.key: t
    for t in (
        Points,
        Played,
        ScoreTotal,
        BestRound,
        Wins,
        OpponentsPoints,
        HeadToHead,
        Qualified,
        Rating,
    )
}
# One per key the settings name, in their order (a key without a tie-break: KeyError).
REGISTRY: dict[str, TieBreak] = {key: KINDS[key]() for key in RANKING_KEYS}


def full_order(lead, chosen) -> list:
    """The keys the standings rank by: the format's ``lead`` keys, then the chosen
    tie-breaks in the organiser's order (a lead key chosen again is not repeated)."""
    return [*lead, *[k for k in chosen if k not in lead]]


def check_order(order: list) -> list:
    unknown = [k for k in order if k not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown tie-breaks: {', '.join(map(str, unknown))}")
    return order


def rank(ledger: Ledger, entrants: list, order: list, names: dict, lead="points") -> list[dict]:
    """Rank ``entrants`` by the tie-breaks in ``order`` (``lead`` always first, then
    ``played``: not playing is never rewarded; points are always computed). Returns
    rows in order with ``rank`` (shared by entrants equal on every key) and the values."""
    order = [lead, PLAYED, *[k for k in check_order(order) if k not in (lead, PLAYED)]]
    if "points" not in order:
        order.append("points")
    values = {e: {} for e in entrants}
    groups = [list(entrants)]
    for key in order:
        breaker = REGISTRY[key]
        split = []
        for group in groups:
            members = frozenset(group)
            for e in group:
                values[e][key] = breaker.value(ledger, e, members)
            if len(group) == 1:
                split.append(group)
                continue
            buckets = defaultdict(list)
            for e in group:
                buckets[values[e][key]].append(e)
            ordered = sorted(buckets, reverse=not breaker.smaller_first(ledger))
            split.extend(buckets[v] for v in ordered)
        groups = split
    rows, position = [], 1
    for group in groups:
        for e in sorted(group, key=lambda e: (names.get(e, ""), e)):
            rows.append({"entrant_id": e, "rank": position, "values": values[e]})
        position += len(group)
    return rows
