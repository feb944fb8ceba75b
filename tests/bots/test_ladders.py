"""A ladder round pairs the bots by rating, neighbours together, one sitting out in
turn when they are odd; a round is not piled on one still playing."""

import pytest

from bots.ladders import do_run_ladder_round, do_save_ladder, ladder_pairings
from bots.models import Ladder
from games.models import Bot

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
