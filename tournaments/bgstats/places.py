"""A play's seats as the site stores them: in seat order, each with a whole score and a
place (1 the best; ties share, 1, 1, 3). BG Stats gives a rank per player when the play
was ranked (``rank`` 0: not ranked), else the scores decide (the game says whether more
or fewer is better; the ``winner`` flag breaks a tie on score), else the winners share
first place and everyone else the next."""

import re

from django.utils.translation import gettext as _

from lib.refusal import Refusal
from tournaments.bgstats.reading import Play, Score
from tournaments.models import MAX_INTEGER

WHOLE = re.compile(r"[+-]?\d+(\.0*)?")


def whole_score(score: Score, name: str) -> int | None:
    """The score as a whole number; None when the play gave none."""
    text = score.score.strip()
    if not text:
        return None
    if not WHOLE.fullmatch(text) or abs(int(float(text))) > MAX_INTEGER:
        raise Refusal(
            _("%(player)s's score %(score)s is not a whole number the site can store.")
            % {"player": name, "score": text}
        )
    return int(float(text))


def in_seat_order(play: Play) -> list[Score]:
    """The scores by ``seatOrder`` (left out: as listed), the start player first when
    only ``startPlayer`` says who started."""
    listed = list(enumerate(play.scores))
    if all(score.seat is None for score in play.scores):
        listed.sort(key=lambda pair: (not pair[1].start, pair[0]))
    else:
        listed.sort(key=lambda pair: (pair[1].seat is None, pair[1].seat or 0, pair[0]))
    return [score for _, score in listed]


def ranked(keys: list) -> list[int]:
    """Places from comparable keys, smaller is better: 1 + how many are better."""
    return [1 + sum(other < key for other in keys) for key in keys]


def seats_of(play: Play, names: dict[int, str], lower_wins: bool) -> list[tuple[Score, int, int]]:
    """(score entry, whole score, place) per seat, in seat order; a refusal saying why the
    play gives no order of its players."""
    scores = in_seat_order(play)
    numbers = [whole_score(score, names[score.player]) for score in scores]
    if all(score.rank > 0 for score in scores):
        places = ranked([score.rank for score in scores])
    elif all(number is not None for number in numbers):
        sign = 1 if lower_wins else -1
        places = ranked(
            [
                (sign * number, not score.winner)
                for score, number in zip(scores, numbers, strict=True)
            ]
        )
    elif any(score.winner for score in scores):
        places = ranked([not score.winner for score in scores])
    else:
        raise Refusal(_("The play gives neither ranks, scores nor a winner."))
    return [
        (score, number or 0, place)
        for score, number, place in zip(scores, numbers, places, strict=True)
    ]
