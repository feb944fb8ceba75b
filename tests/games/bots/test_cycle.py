"""Reading the other players' turns between two of ours (3-4 players) from the public
state before and after: what every way the turns could have gone agrees on."""

from games.call_to_glory.bots.cycle import read_cycle


def table(draws, sizes, tops, sets=None, seats=3):
    return {
        "draws": list(draws),
        "sizes": list(sizes),
        "tops": list(tops),
        "sets": sets or [[0] * 9 for _ in range(seats)],
    }


def known(**counts):
    row = [0] * 9
    for name, count in counts.items():
        row[int(name[1:])] = count
    return row


HELD = [None, known(v4=1), known()]
BEFORE = table((20, 20), (2, 2), (5, 6))


def test_a_card_stays_known_while_every_discard_is_seen_and_is_another():
    # Both drew blind twice; one discard lies on each pile: whoever threw which, the
    # card of value index 4 was not thrown.
    after = table((18, 18), (3, 3), (2, 7))
    assert read_cycle(BEFORE, after, 0, HELD, [None, 8, 8]) == [None, known(v4=1), known()]


def test_a_card_is_forgotten_when_it_may_be_the_one_thrown():
    seen_thrown = table((18, 18), (3, 3), (4, 7))  # a card of 4 on top: maybe theirs
    buried = table((18, 18), (4, 2), (2, 6))  # both discards on X1, one unseen
    for after in (seen_thrown, buried):
        assert read_cycle(BEFORE, after, 0, HELD, [None, 8, 8]) == [None, known(), known()]


def test_ambiguous_takers_leave_nothing_known():
    # One face-up card was taken, but by the first or the second player to move.
    after = table((18, 19), (2, 3), (3, 7))
    assert read_cycle(BEFORE, after, 0, [None, known(), known()], [None, 8, 8]) == [
        None,
        known(),
        known(),
    ]


def test_a_lay_uses_up_the_known_cards_of_its_value_and_keeps_the_others():
    # The next player laid three 5s and threw nothing; the other drew blind twice and
    # threw a 2 onto X1.
    sets_after = [[0] * 9, known(v5=3), [0] * 9]
    after = table((18, 18), (3, 2), (2, 6), sets=sets_after)
    held = read_cycle(BEFORE, after, 0, [None, known(v5=2, v6=1), known()], [None, 6, 8])
    assert held == [None, known(v6=1), known()]


def test_sets_that_change_in_ways_no_lay_explains_forget_everything():
    shrunk = [[0] * 9, known(v3=1), [0] * 9]
    before = table((20, 20), (2, 2), (5, 6), sets=[[0] * 9, known(v3=2), [0] * 9])
    after = table((18, 18), (3, 3), (2, 7), sets=shrunk)
    assert read_cycle(before, after, 0, HELD, [None, 8, 8]) is None
