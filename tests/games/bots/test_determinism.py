import random

from .helpers import play

OPTIONS = {"rounds": 1, "ninja": True}
KEYS = ["search", "easy", "random", "hard"]


def test_the_same_seed_gives_the_same_game():
    first = play(KEYS, OPTIONS, seed=5).record()
    second = play(KEYS, OPTIONS, seed=5).record()
    assert first == second


def test_disturbing_the_global_random_between_decisions_changes_nothing():
    quiet = play(KEYS, OPTIONS, seed=6).record()
    noise = random.Random(99)

    def disturb():
        random.seed(noise.random())
        random.random()

    disturbed = play(KEYS, OPTIONS, seed=6, between=disturb).record()
    assert quiet == disturbed


def test_another_seed_gives_another_game():
    assert play(KEYS, OPTIONS, seed=7).record() != play(KEYS, OPTIONS, seed=8).record()
