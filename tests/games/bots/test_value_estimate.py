"""The learned estimate: its data file loads, judges positions sensibly, and the
training command makes the same file again from the seed recorded in it."""

import json
import random

import pytest
from django.core.management import CommandError, call_command

from games.call_to_glory.bots import value
from games.call_to_glory.bots.rollout import estimate, play_step
from games.call_to_glory.bots.sim import OVER
from games.call_to_glory.bots.training import deal


def test_the_data_file_loads_with_weights_for_every_table_size():
    weights = value.weights()
    assert sorted(weights) == [2, 3, 4]
    assert all(len(row) == len(value.FEATURES) for row in weights.values())


def test_the_estimate_favours_the_seat_with_more_on_the_table():
    sim = deal(2, random.Random(4))
    sim.sets[0][8] = 3  # three Farmers (20 points) in front of seat 0
    assert value.estimate(sim, 0) > 5 > -5 > value.estimate(sim, 1)


def test_the_estimate_errs_less_than_the_hand_made_one_and_than_knowing_nothing():
    """Over positions of greedy rounds, the squared error of the estimated margin."""
    rng = random.Random(8)
    learned = hand_made = blind = 0.0
    for _ in range(40):
        sim = deal(2, rng)
        guesses = []
        while sim.phase != OVER:
            guesses.append((value.estimate(sim, 0), estimate(sim, 0, 0.5)))
            play_step(sim)
        final = sim.base_scores()
        margin = final[0] - final[1]
        learned += sum((guess - margin) ** 2 for guess, _ in guesses)
        hand_made += sum((guess - margin) ** 2 for _, guess in guesses)
        blind += margin**2 * len(guesses)
    assert learned < hand_made
    assert learned < blind


def test_the_training_command_makes_the_same_file_from_its_seed(tmp_path):
    stored = json.loads(value.DATA_FILE.read_text(encoding="utf-8"))
    out = tmp_path / "value.json"
    call_command("train_bot_value", seed=stored["seed"], rounds=stored["rounds"], out=str(out))
    assert out.read_text(encoding="utf-8") == value.DATA_FILE.read_text(encoding="utf-8")
    with pytest.raises(CommandError, match="is not what seed 2 trains"):
        call_command("train_bot_value", seed=2, rounds=10, out=str(out), check=True)
