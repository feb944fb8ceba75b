"""Places at the end: total, then best single round; equal pairs share."""

from games.call_to_glory.scoring import places


def test_the_highest_total_wins():
    assert places([60, 36], [60, 36]) == [1, 2]


def test_a_tie_on_totals_goes_to_the_better_single_round():
    assert places([100, 100], [70, 60]) == [1, 2]


def test_a_full_tie_shares_the_place_and_skips_the_next():
    assert places([100, 100, 90], [60, 60, 90]) == [1, 1, 3]
