"""A ladder run as divisions: a round robin inside each division per cycle, the best
promoted and the worst relegated when the cycle is played, and a bot that forfeits
repeatedly quarantined (it sits out, its author reads why) instead of stalling cycles."""

import pytest

from bots.chunks import do_play_chunk
from bots.divisions import QUARANTINE_CYCLES, check_divisions
from bots.ladders import do_run_ladder_round, do_save_ladder
from bots.matches import do_play_match
from bots.models import Batch, Bot, DivisionCycle, Ladder, WorkStatus
from lib.refusal import Refusal

pytestmark = pytest.mark.django_db

CRASHER = b"import sys\nsys.stdin.readline()\nraise SystemExit('no')\n"


def play_batch(batch: Batch) -> None:
    """What the workers do with a cycle's batch, and its close."""
    for chunk in batch.chunks.all():
        do_play_chunk(chunk.pk)
    for match in batch.matches.filter(status=WorkStatus.QUEUED):
        do_play_match(match.pk)
    Batch.objects.filter(pk=batch.pk).update(status=WorkStatus.DONE)


def rated(bots_and_mu):
    for bot, mu in bots_and_mu:
        Bot.objects.filter(pk=bot.pk).update(rating_mu=mu)


def divisions_of(ladder) -> dict:
    return {seat.bot.name: seat.division for seat in ladder.division_seats.select_related("bot")}


def test_divisions_must_be_able_to_play_and_promote():
    with pytest.raises(Refusal) as refused:
        check_divisions(division_size=1, promoted=1, table_size=2)
    assert refused.value.field == "division_size"
    with pytest.raises(Refusal) as refused:
        check_divisions(division_size=4, promoted=3, table_size=2)
    assert refused.value.field == "promoted"
    check_divisions(division_size=0, promoted=1, table_size=4)  # no divisions: no check


def test_a_cycle_is_a_round_robin_per_division_then_the_best_go_up(player, builtin_bot):
    # "greedy" beats "random" nearly always: the greedy bot of the lower division goes
    # up, the random bot of the upper division goes down.
    bots = [
        builtin_bot("Top random", key="random"),
        builtin_bot("Top greedy", key="greedy"),
        builtin_bot("Low greedy", key="greedy"),
        builtin_bot("Low random", key="random"),
    ]
    rated(zip(bots, [40, 39, 20, 19], strict=True))
    ladder = do_save_ladder(
        player, Ladder(name="D", games_per_pairing=4, division_size=2, promoted=1), bots
    )
    first = do_run_ladder_round(ladder.pk)
    assert divisions_of(ladder) == {
        "Top random": 1, "Top greedy": 1, "Low greedy": 2, "Low random": 2,
    }  # fmt: skip
    names = [sorted(Bot.objects.get(pk=pk).name for pk in lineup) for lineup in first.lineups]
    assert names == [["Top greedy", "Top random"], ["Low greedy", "Low random"]]
    assert do_run_ladder_round(ladder.pk) is None  # the cycle still plays

    play_batch(first)
    second = do_run_ladder_round(ladder.pk)
    cycle = DivisionCycle.objects.get(ladder=ladder, number=1)
    moves = {row["name"]: row["move"] for row in cycle.standings}
    assert moves == {"Top greedy": "", "Top random": "down", "Low greedy": "up", "Low random": ""}
    assert divisions_of(ladder) == {
        "Top random": 2, "Top greedy": 1, "Low greedy": 1, "Low random": 2,
    }  # fmt: skip
    assert second.cycle.number == 2 and not second.cycle.closed


def test_a_bot_that_keeps_forfeiting_is_quarantined_and_its_author_told(
    client_for, player, builtin_bot, uploaded_bot
):
    crasher = uploaded_bot("Crasher", CRASHER)
    bots = [crasher, builtin_bot("A"), builtin_bot("B"), builtin_bot("C")]
    rated(zip(bots, [40, 39, 20, 19], strict=True))
    ladder = do_save_ladder(
        player, Ladder(name="Q", games_per_pairing=2, division_size=2, promoted=1), bots
    )
    play_batch(do_run_ladder_round(ladder.pk))
    second = do_run_ladder_round(ladder.pk)

    seat = ladder.division_seats.get(bot=crasher)
    assert seat.quarantined_until == 2 + QUARANTINE_CYCLES
    assert "Forfeited 2 of 2 games in cycle 1" in seat.quarantine_reason
    assert all(crasher.pk not in lineup for lineup in second.lineups)  # it sits out
    page = client_for(player).get(f"/bots/ladders/{ladder.pk}/").content.decode()
    assert "quarantined" in page and "Forfeited 2 of 2 games" in page
    bot_page = client_for(player).get(f"/bots/{crasher.pk}/").content.decode()
    assert "Forfeited 2 of 2 games in cycle 1" in bot_page


def test_the_ladder_page_plots_ratings_by_cycle(client_for, player, builtin_bot):
    bots = [builtin_bot(name) for name in "ABCD"]
    ladder = do_save_ladder(
        player, Ladder(name="P", games_per_pairing=2, division_size=2, promoted=1), bots
    )
    for _cycle in range(2):
        play_batch(do_run_ladder_round(ladder.pk))
    do_run_ladder_round(ladder.pk)
    page = client_for(player).get(f"/bots/ladders/{ladder.pk}/").content.decode()
    assert 'aria-label="Ratings by cycle"' in page
    assert "Cycle 2" in page


def test_the_ladder_form_sets_divisions_and_refuses_impossible_ones(
    client_for, player, builtin_bot
):
    bots = [builtin_bot(name) for name in "ABCD"]
    sent = {
        "name": "Divided",
        "bots": [b.pk for b in bots],
        "table_size": 2,
        "games_per_pairing": 2,
        "every_minutes": 60,
        "enabled": "on",
        "division_size": 2,
        "promoted": 2,
    }
    response = client_for(player).post("/bots/ladders/new/", sent)
    assert response.status_code == 400
    assert response.context["form"].errors["promoted"] == ["Between 1 and 1 (half a division)."]
    response = client_for(player).post("/bots/ladders/new/", {**sent, "promoted": 1})
    ladder = Ladder.objects.get(name="Divided")
    assert response.status_code == 302 and (ladder.division_size, ladder.promoted) == (2, 1)
