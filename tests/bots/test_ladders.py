"""A ladder round pairs the bots by rating, neighbours together, one sitting out in
turn when they are odd; a round is not piled on one still playing."""

import pytest

from bots.ladders import do_run_ladder_round, do_save_ladder, ladder_pairings
from bots.models import Bot, Ladder
from lib.refusal import Refusal

pytestmark = pytest.mark.django_db


def test_neighbours_in_the_rating_are_paired(player, builtin_bot):
    bots = [builtin_bot(name) for name in "ABCD"]
    for bot, mu in zip(bots, [20, 30, 25, 10], strict=True):
        Bot.objects.filter(pk=bot.pk).update(rating_mu=mu)
    bots = list(Bot.objects.order_by("name"))

    pairs = ladder_pairings(bots, round_number=0)

    assert [[b.name for b in pair] for pair in pairs] == [["B", "C"], ["A", "D"]]


def test_with_an_odd_number_a_different_bot_sits_out_each_round(builtin_bot):
    bots = [builtin_bot(name) for name in "ABC"]
    sitting_out = []
    for round_number in range(3):
        playing = {b.name for pair in ladder_pairings(bots, round_number) for b in pair}
        sitting_out.append(({"A", "B", "C"} - playing).pop())
    assert sorted(sitting_out) == ["A", "B", "C"]


def test_a_ladder_round_waits_for_the_previous_one(player, builtin_bot):
    ladder = do_save_ladder(
        player, Ladder(name="L", games_per_pairing=2), [builtin_bot("A"), builtin_bot("B")]
    )
    first = do_run_ladder_round(ladder.pk)
    assert first.total == 2 and first.lineups and first.ladder == ladder

    assert do_run_ladder_round(ladder.pk) is None
    assert Ladder.objects.get(pk=ladder.pk).rounds_played == 1


def test_a_ladder_seats_neighbours_at_tables_of_three_or_four(player, builtin_bot):
    bots = [builtin_bot(name) for name in "ABCDEFGHIJ"]
    for mu, bot in enumerate(bots):
        Bot.objects.filter(pk=bot.pk).update(rating_mu=10 + mu)
    bots = list(Bot.objects.filter(pk__in=[b.pk for b in bots]))
    tables = ladder_pairings(bots, round_number=0, table_size=4)
    # Ten at fours: two tables of neighbours, two sit out (different ones next round).
    assert [len(t) for t in tables] == [4, 4]
    for table in tables:
        ratings = sorted(b.rating for b in table)
        others = [b.rating for b in bots if b not in table]
        assert not any(ratings[0] < r < ratings[-1] for r in others)
    resting = [
        {b.name for b in bots} - {b.name for t in ladder_pairings(bots, n, 4) for b in t}
        for n in range(5)
    ]
    assert all(len(r) == 2 for r in resting) and len(set().union(*resting)) >= 6


def test_a_ladder_at_three_seats_runs_its_rounds_as_batches(player, builtin_bot):
    bots = [builtin_bot(name) for name in "ABCDEF"]
    ladder = do_save_ladder(player, Ladder(name="Threes", games_per_pairing=3, table_size=3), bots)
    batch = do_run_ladder_round(ladder.pk)
    assert batch.total == 6 and all(len(lineup) == 3 for lineup in batch.lineups)
    with pytest.raises(Refusal, match="needs at least 4 bots"):
        do_save_ladder(player, Ladder(name="Fours", table_size=4), bots[:3])
    with pytest.raises(Refusal, match="2 to 4"):
        do_save_ladder(player, Ladder(name="Fives", table_size=5), bots)
