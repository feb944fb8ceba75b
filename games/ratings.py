"""The site's one rating model: openskill's Plackett-Luce, for people in leagues and for
bots alike. The rating shown is openskill's own ``ordinal()`` (mu - 3 sigma: a rating
the player is very likely above), never recomputed by hand. No Django here."""

from collections.abc import Sequence

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
    """Everyone's rating after one table, seat by seat (places: 1 the best; ties share)."""
    teams = MODEL.rate([[rating] for rating in ratings], ranks=list(places))
    return [rating for (rating,) in teams]
