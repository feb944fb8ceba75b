"""Call to Glory engine speed: random-bot play (turns/s) and record validation (records/s).

``run(quick=False) -> list[dict]`` returns rows {"benchmark", "value", "unit", "target"};
``python -m benchmarks.bench_engine [--quick]`` prints them as a table. Times are CPU
time of this process (``time.process_time``) on one core, so other work on the machine
disturbs the figures less; each figure is the best of three runs. Games are random play
over every variant combination (ninja x imperial tasks); a turn is one player's whole
turn (its draws, its one lay or discard, and any pile, ninja and end decisions in it).
"""

import itertools
import json
import random
import sys
import time

from games.call_to_glory import new_game, validate_record
from games.call_to_glory.phases import OVER

VARIANTS = [
    {"ninja": ninja, "imperial_tasks": tasks}
    for ninja, tasks in itertools.product((False, True), (False, True))
]


def random_game(players: int, options: dict, seed: int):
    """A game played to the end by uniformly random legal actions; (state, turns)."""
    state = new_game([f"p{i}" for i in range(players)], options, random.Random(seed))
    pick = random.Random(seed ^ 0x5EED).random
    legal, apply = state.legal_actions, state.apply_action
    while state.phase != OVER:
        actions = legal()
        apply(actions[int(pick() * len(actions))])
    return state, state.turns


def best_rate(work, repeats: int) -> float:
    """The best of ``repeats`` runs of ``work() -> amount``, as amount per CPU second (the
    best run is the one least disturbed by other work on the machine)."""
    rates = []
    for _ in range(repeats):
        started = time.process_time()
        amount = work()
        rates.append(amount / (time.process_time() - started))
    return max(rates)


def play_rate(players: int, games: int, repeats: int = 3) -> float:
    def work():
        return sum(
            random_game(players, dict(VARIANTS[g % 4], rounds=4), g)[1] for g in range(games)
        )

    return best_rate(work, repeats)


def string_api_rate(players: int, games: int) -> float:
    turns = 0
    started = time.process_time()
    for g in range(games):
        state = new_game([f"p{i}" for i in range(players)], dict(VARIANTS[g % 4], rounds=4),
                         random.Random(g))  # fmt: skip
        pick = random.Random(g).random
        while not state.is_over():
            moves = state.legal_moves()
            state.apply(moves[int(pick() * len(moves))])
        turns += state.turns
    return turns / (time.process_time() - started)


def records(count: int, players=(2, 3, 4), rounds=(1, 2, 3, 4), variants=VARIANTS) -> list:
    out = []
    for g in range(count):
        options = dict(variants[g % len(variants)], rounds=rounds[g // 4 % len(rounds)])
        state, _ = random_game(players[g % len(players)], options, 1000 + g)
        out.append(json.dumps(state.record()))
    return out


def validation_rate(texts: list, repeats: int = 3) -> float:
    def work():
        for text in texts:
            if not validate_record(text)["valid"]:
                raise AssertionError("a generated record did not validate")
        return len(texts)

    return best_rate(work, repeats)


def run(quick: bool = False) -> list[dict]:
    games = 20 if quick else 200
    rows = []
    for players in (2, 3, 4):
        rows.append({"benchmark": f"call to glory: random play {players}p",
                     "value": play_rate(players, games), "unit": "turns/s",
                     "target": ">= 100000"})  # fmt: skip
    rows.append({"benchmark": "call to glory: random play 3p, string API",
                 "value": string_api_rate(3, games // 4), "unit": "turns/s",
                 "target": "(for comparison)"})  # fmt: skip
    mix = records(48 if quick else 480)
    rows.append({"benchmark": "call to glory: validate 1-4 rounds, all variants",
                 "value": validation_rate(mix), "unit": "records/s",
                 "target": ">= 1500"})  # fmt: skip
    one = records(40 if quick else 400, players=(2,), rounds=(1,))
    rows.append({"benchmark": "call to glory: validate 1 round, 2p",
                 "value": validation_rate(one), "unit": "records/s",
                 "target": ">= 5000"})  # fmt: skip
    sizes = [sum(len(r["moves"]) for r in json.loads(t)["rounds"]) for t in mix]
    rows.append({"benchmark": "call to glory: moves per record in the mix",
                 "value": sum(sizes) / len(sizes), "unit": "moves", "target": ""})  # fmt: skip
    return rows


def main(argv=None) -> None:
    from benchmarks.run import standalone

    standalone(run, quick="--quick" in (argv if argv is not None else sys.argv[1:]))


if __name__ == "__main__":
    main()
