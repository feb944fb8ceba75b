"""The racing rules (``tactics.RACE_GAINS``): a seat that plays them values a set by
how it brings the round's end nearer, not by its points, and so ends and wins more
rounds than the greedy rules at four players."""

import random

from games.call_to_glory.bots import tactics
from games.call_to_glory.bots.rollout import play_step
from games.call_to_glory.bots.sim import INDEX, OVER, Sim
from games.call_to_glory.bots.training import deal


def test_the_racer_takes_the_low_card_that_greedy_leaves_for_a_high_one():
    sim = Sim(4)
    sim.hands[0][INDEX[6]] = 1
    sim.hands[0][INDEX[20]] = 1
    sim.piles = [[INDEX[9]] * 20, [INDEX[9]] * 20, [INDEX[6]], [INDEX[20]]]
    assert sim.piles[tactics.choose_draw(sim, 0)][-1] == INDEX[20]
    sim.racer = 0
    assert sim.piles[tactics.choose_draw(sim, 0)][-1] == INDEX[6]


def test_the_racer_wins_more_than_its_share_of_four_player_rounds_against_greedy():
    rng = random.Random(3)
    wins = games = 0
    for _ in range(60):
        dealt = deal(4, rng)
        for racer in range(4):
            sim = dealt.clone()
            sim.racer = racer
            while sim.phase != OVER:
                play_step(sim)
            scores = sim.base_scores()
            wins += scores[racer] == max(scores)
            games += 1
    assert wins / games > 0.3
