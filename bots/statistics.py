"""The figures of a bot batch's summary, with no Django: wins and the mean score with
its 95% confidence interval (Student's t: a few games give a wide interval)."""

import statistics
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

# Two-sided 95% critical values of Student's t by degrees of freedom; between two rows
# the smaller degrees of freedom is used (a slightly wider, safe interval); past the
# last row the normal distribution's 1.96.
T95 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
    9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131,
    16: 2.120, 17: 2.110, 18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074,
    23: 2.069, 24: 2.064, 25: 2.060, 26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045,
    30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980,
}  # fmt: skip
NORMAL_95 = 1.960


def t95(degrees: int) -> float:
    if degrees > max(T95):
        return NORMAL_95
    return T95[max(d for d in T95 if d <= degrees)]


@dataclass(frozen=True)
class Estimate:
    """A mean and its 95% interval; no interval from fewer than two values."""

    n: int
    mean: float
    low: float | None
    high: float | None

    @property
    def margin(self) -> float | None:
        return None if self.low is None else self.mean - self.low


def mean_interval(values: Iterable[float]) -> Estimate:
    values = list(values)
    if not values:
        raise ValueError("no values: a mean needs at least one")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(len(values), mean, None, None)
    margin = t95(len(values) - 1) * statistics.stdev(values) / len(values) ** 0.5
    return Estimate(len(values), mean, mean - margin, mean + margin)


@dataclass(frozen=True)
class Tally:
    """One bot's (or one seat's) games: how many, how many won, the mean score."""

    key: Hashable
    games: int
    wins: int
    score: Estimate

    @property
    def win_share(self) -> float:
        return self.wins / self.games


def tally(rows: Iterable[tuple[Hashable, float, int]]) -> list[Tally]:
    """``rows``: (key, score, place) per seat of every game; a first place, shared or
    not, is a win. One tally per key, in the order the keys first appear."""
    scores: dict = {}
    wins: dict = {}
    for key, score, place in rows:
        scores.setdefault(key, []).append(score)
        wins[key] = wins.get(key, 0) + (place == 1)
    return [
        Tally(key, len(values), wins[key], mean_interval(values)) for key, values in scores.items()
    ]
