"""Tie-breaks, by key, applied in the organiser's order. Plain Python over a ledger of
games. To add one: subclass ``TieBreak`` with a key and ``value``, add it to ``KINDS``,
and its key and name to the settings' vocabulary (``tournaments.tiebreak_names``)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import groupby

from tournaments.tiebreak_names import CHOOSABLE, PLAYED, RANKING_KEYS

__all__ = ["CHOOSABLE", "PLAYED", "REGISTRY", "Ledger", "LedgerGame", "full_order", "rank"]


@dataclass(slots=True)
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
class Sums:
    """Each entrant's sums over its games (``Ledger.sums``): one pass over the ledger
    for every tie-break, where one pass per tie-break and entrant cost most of a
    ranking of 7,500. Entrants without games are not in them."""

    points: dict  # entrant -> the points its games brought
    scores: dict  # entrant -> game-score total
    best: dict  # entrant -> best round score (the smallest where lower scores win)
    wins: dict  # entrant -> first places
    opponents: dict  # entrant -> everyone it met, in the games' order (again if met again)
    totals: dict  # entrant -> every point (``Ledger.points``), of everyone in the ledger


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
    _sums: Sums | None = None

    def sums(self) -> Sums:
        """Cached: the ledger is filled before use. Each sum adds in the games' order,
        as ``sum`` over them would: the same floats to the last bit."""
        if self._sums is None:
            better = min if self.lower_scores_win else max
            points, scores, best, wins, opponents = {}, {}, {}, {}, {}
            for entrant, games in self.games.items():
                if not games:
                    continue
                point_sum = first = 0
                game_scores, met = [], []
                opponents[entrant] = met
                for game in games:
                    met.extend(game.opponents)
                    point_sum += game.points
                    game_scores.append(game.score)
                    first += game.place == 1
                points[entrant], wins[entrant] = point_sum, first
                scores[entrant], best[entrant] = sum(game_scores), better(game_scores)
            totals = {
                entrant: self.start.get(entrant, 0)
                + self.byes.get(entrant, 0)
                + points.get(entrant, 0)
                for entrant in {**self.start, **self.byes, **self.games}
            }
            self._sums = Sums(points, scores, best, wins, opponents, totals)
        return self._sums

    def points(self, entrant) -> float:
        """Total points: start, byes and games."""
        return self.sums().totals.get(entrant, 0)


class TieBreak:
    key = ""
    name = ""
    # Its values depend on who else is still tied (``values`` is given each group).
    group_dependent = False
    # Its value is game scores: the better is the smaller when lower scores win.
    by_score = False

    def smaller_first(self, ledger: Ledger) -> bool:
        return self.by_score and ledger.lower_scores_win

    def values(self, ledger: Ledger, entrants: list, group: frozenset | None) -> list:
        """The value of each of ``entrants``, in their order. ``group``: the entrants
        still tied, for a group-dependent tie-break; ``None`` for the others, which are
        asked once for everyone."""
        raise NotImplementedError


class Played(TieBreak):
    """1 once an entrant has played a game. Not a choice: ``rank`` applies it right
    after the lead key, so that no tie-break can put an entrant who has not played
    above one equal on the lead key who has (a game-score total of 0 would lead where
    the lowest score wins, a rating of 0 above a player who lost)."""

    key, name = "played", "has played"

    def values(self, ledger, entrants, _group):
        games = ledger.games
        return [int(bool(games.get(e))) for e in entrants]


class Qualified(TieBreak):
    """Open leagues: 1 once an entrant has played the minimum number of games."""

    key, name = "qualified", "played the minimum games"

    def values(self, ledger, entrants, _group):
        games, minimum = ledger.games, ledger.minimum_games
        return [int(len(games.get(e, ())) >= minimum) for e in entrants]


class Rating(TieBreak):
    key, name = "rating", "rating (OpenSkill ordinal)"

    def values(self, ledger, entrants, _group):
        return [ledger.ratings.get(e, 0.0) for e in entrants]


class Points(TieBreak):
    key, name = "points", "points by place (ties share)"

    def values(self, ledger, entrants, _group):
        totals = ledger.sums().totals
        return [totals.get(e, 0) for e in entrants]


class ScoreTotal(TieBreak):
    key, name = "score_total", "game-score total"
    by_score = True

    def values(self, ledger, entrants, _group):
        scores = ledger.sums().scores
        return [scores.get(e, 0) for e in entrants]


class BestRound(TieBreak):
    key, name = "best_round", "best round score"
    by_score = True

    def values(self, ledger, entrants, _group):
        best = ledger.sums().best
        return [best.get(e, 0) for e in entrants]


class Wins(TieBreak):
    key, name = "wins", "wins (first places)"

    def values(self, ledger, entrants, _group):
        wins = ledger.sums().wins
        return [wins.get(e, 0) for e in entrants]


class OpponentsPoints(TieBreak):
    key, name = "opponents_points", "opponents' points"

    def values(self, ledger, entrants, _group):
        sums = ledger.sums()
        totals, met = sums.totals, sums.opponents
        return [sum([totals[o] for o in met.get(e, ())]) for e in entrants]


class HeadToHead(TieBreak):
    """Points scored at tables shared with the others still tied."""

    key, name = "head_to_head", "head-to-head"
    group_dependent = True

    def values(self, ledger, entrants, group):
        games = ledger.games
        return [
            sum(g.points for g in games.get(e, ()) if not group.isdisjoint(g.opponents))
            for e in entrants
        ]


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
    rows in order with ``rank`` (shared by entrants equal on every key) and the values.

    Key by key, each group still tied is split by the next key; a run of keys that do
    not depend on the group splits every group by one sort on their values together
    (the same split; at 7,500 entrants with the default tie-breaks, 135-147 ms of CPU
    where one key at a time took 215-233 ms: docs/benchmarks.md)."""
    order = [lead, PLAYED, *[k for k in check_order(order) if k not in (lead, PLAYED)]]
    if "points" not in order:
        order.append("points")
    columns = {}  # key -> entrant -> value, in the order's order
    groups = [list(entrants)]
    for keys in runs(order):
        if REGISTRY[keys[0]].group_dependent:
            column = columns[keys[0]] = {}
            groups = [
                part for group in groups for part in split_by_group(ledger, group, keys[0], column)
            ]
        else:
            groups = split_by_run(ledger, entrants, groups, keys, columns)
    rows, position = [], 1
    for group in groups:
        for e in sorted(group, key=lambda e: (names.get(e, ""), e)):
            values = {key: column[e] for key, column in columns.items()}
            rows.append({"entrant_id": e, "rank": position, "values": values})
        position += len(group)
    return rows


def runs(order: list) -> list[list]:
    """``order`` cut into runs of keys that do not depend on the group, each
    group-dependent key a run of its own."""
    cut = []
    for key in order:
        if REGISTRY[key].group_dependent or not cut or REGISTRY[cut[-1][-1]].group_dependent:
            cut.append([key])
        else:
            cut[-1].append(key)
    return cut


def split_by_run(ledger: Ledger, entrants: list, groups: list, keys: list, columns: dict) -> list:
    """Every group split by the keys of a run (their values go into ``columns``), the
    better value first (negated where the greater is better)."""
    signed = []
    for key in keys:
        breaker = REGISTRY[key]
        column = breaker.values(ledger, entrants, None)
        columns[key] = dict(zip(entrants, column, strict=True))
        signed.append(column if breaker.smaller_first(ledger) else [-v for v in column])
    sort_key = dict(zip(entrants, zip(*signed, strict=True), strict=True))
    return [part for group in groups for part in split(group, sort_key)]


def split_by_group(ledger: Ledger, group: list, key: str, column: dict) -> list:
    """One group split by a group-dependent key (its values go into ``column``)."""
    breaker = REGISTRY[key]
    values = breaker.values(ledger, group, frozenset(group))
    column.update(zip(group, values, strict=True))
    if not breaker.smaller_first(ledger):
        values = [-v for v in values]
    return split(group, dict(zip(group, values, strict=True)))


def split(group: list, sort_key: dict) -> list:
    """``group`` in parts of equal ``sort_key``, the smallest first."""
    if len(group) == 1:
        return [group]
    ordered = sorted(group, key=sort_key.__getitem__)
    return [list(part) for _, part in groupby(ordered, key=sort_key.__getitem__)]
