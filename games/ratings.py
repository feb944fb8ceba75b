"""The site's one rating model: openskill's Plackett-Luce, for people in leagues and for
bots alike. The rating shown is openskill's own ``ordinal()`` (mu - 3 sigma: a rating
the player is very likely above), never recomputed by hand. No Django here."""

from collections import defaultdict
from collections.abc import Sequence
from itertools import permutations, product

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()


def new_rating(mu: float | None = None, sigma: float | None = None) -> PlackettLuceRating:
    """A rating from stored mu and sigma, or a newcomer's."""
    return MODEL.rating(mu=mu, sigma=sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown for a stored mu and sigma."""
    return new_rating(mu, sigma).ordinal()


def rate_table(
    ratings: Sequence[PlackettLuceRating], places: Sequence[int]
) -> list[PlackettLuceRating]:
    """Everyone's rating after one table, seat by seat (places: 1 the best; ties share).

    Ties are not given to openskill as shared ranks: its tie handling moves tied
    winners below the player placed after them (openskill.py #155) and is not the
    average it means to be (#166, #173). A tie is read as "either order, equally
    likely": the table is rated once per order of the tied players and each player
    gets the mean of their ratings over those orders. That is the same whatever the
    seats, equal for tied players rated alike, and a better place never gains less.
    Players of one tie with the same rating are interchangeable, so only the distinct
    orders of their ratings are rated (six newcomers sharing first: one order)."""
    if len(set(places)) == len(places):
        teams = MODEL.rate([[rating] for rating in ratings], ranks=list(places))
        return [rating for (rating,) in teams]
    priors = [(rating.mu, rating.sigma) for rating in ratings]
    groups: dict[int, list[tuple[float, float]]] = defaultdict(list)  # place -> priors
    for place, prior in zip(places, priors, strict=True):
        groups[place].append(prior)
    ordered = sorted(groups)
    arrangements = [sorted(set(permutations(groups[place]))) for place in ordered]
    # (place, prior) -> summed mu, summed sigma, orders rated
    totals: dict[tuple, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for chosen in product(*arrangements):
        pairs = zip(ordered, chosen, strict=True)
        seats = [(place, prior) for place, order in pairs for prior in order]
        teams = MODEL.rate(
            [[new_rating(*prior)] for _, prior in seats], ranks=list(range(1, len(seats) + 1))
        )
        for key, (rated,) in zip(seats, teams, strict=True):
            total = totals[key]
            total[0] += rated.mu
            total[1] += rated.sigma
            total[2] += 1
    means = {key: (mu / count, sigma / count) for key, (mu, sigma, count) in totals.items()}
    return [new_rating(*means[key]) for key in zip(places, priors, strict=True)]
