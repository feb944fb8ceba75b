"""A play's places: BG Stats' ranks when every player has one, else the scores (more or
fewer is better as the game says; the winner flag breaks a tie), else the winners."""

import pytest

from lib.refusal import Refusal
from tests.tournaments.bgstats_files import evening, score
from tournaments.bgstats.places import seats_of
from tournaments.bgstats.reading import read_file

NAMES = {1: "Ann", 2: "Ben", 3: "Zoe", 4: "Cat"}


def places(scores, lower_wins=False, **play):
    file = evening()
    file["plays"] = [{**file["plays"][0], "playerScores": scores, **play}]
    seats = seats_of(read_file(file).plays[0], NAMES, lower_wins)
    return [(s.player, number, place) for s, number, place in seats]


def test_scores_decide_in_seat_order():
    scores = [score(3, "40", 2), score(1, "31", 0), score(2, "24", 1)]
    assert places(scores) == [(1, 31, 2), (2, 24, 3), (3, 40, 1)]
    assert places(scores, lower_wins=True) == [(1, 31, 2), (2, 24, 1), (3, 40, 3)]


def test_a_tie_on_score_is_shared_unless_the_winner_flag_says():
    assert places([score(1, "30", 0), score(2, "30", 1)]) == [(1, 30, 1), (2, 30, 1)]
    flagged = [score(1, "30", 0), score(2, "30", 1, winner=True)]
    assert places(flagged) == [(1, 30, 2), (2, 30, 1)]


def test_ranks_decide_when_every_player_has_one():
    ranked = [score(1, "10", 0, rank=2), score(2, "5", 1, rank=1), score(3, "7", 2, rank=2)]
    assert places(ranked) == [(1, 10, 2), (2, 5, 1), (3, 7, 2)]


def test_without_scores_the_winners_share_first_place():
    played = [score(1, "", 0), score(2, "", 1, winner=True), score(3, "", 2)]
    assert places(played) == [(1, 0, 2), (2, 0, 1), (3, 0, 2)]
    with pytest.raises(Refusal, match="neither ranks, scores nor a winner"):
        places([score(1, "", 0), score(2, "", 1)])


def test_a_score_that_is_no_whole_number_is_refused():
    assert places([score(1, "12.0", 0), score(2, "-3", 1)]) == [(1, 12, 1), (2, -3, 2)]
    with pytest.raises(Refusal, match="Ann's score 12.5 is not a whole number"):
        places([score(1, "12.5", 0), score(2, "3", 1)])
    with pytest.raises(Refusal, match="not a whole number"):
        places([score(1, "3+20+5", 0), score(2, "3", 1)])


def test_seat_order_left_out_follows_the_start_player_then_the_list():
    scores = [score(1, "1", 0), score(2, "2", 1), score(3, "3", 2)]
    for entry in scores:
        entry.pop("seatOrder")
    scores[0]["startPlayer"], scores[2]["startPlayer"] = False, True
    assert [seat[0] for seat in places(scores)] == [3, 1, 2]
