"""How much of a four-player Quick Game can a bot win against three greedy bots, given
what it knows? The issue asks the search bot for 50%; this measures the ceiling.

One seat plays the racing rules (``tactics.RACE_GAINS``, the Hard level's own rules)
against three greedy seats in the fast model of a round (``sim.py``), each deal once per
seat. Then the same seat also searches its decision after the draws (every full lay,
the three cheapest discards and the rules' own move, each played out to the round's
end in the same sampled worlds, ``decide.paired_best`` choosing), knowing more each
time:

- **what a player may see**, plus the discard piles' buried cards: the others' hands
  and the draw piles are dealt at random from the cards it cannot see;
- **the others' hands** too (a cheat): only the draw piles are shuffled;
- **everything**, the draw piles' order included (a cheat): one world, the true one.

The rollouts play exactly the rules the three opponents play, so the search's only
error is what it does not know. If seeing the other hands stays short of 50%, no
reading of the others' turns can reach it; what decides a round is the order of the
draw piles. ``BOTS_CEILING_DEALS`` sets the deals of the searching rows (100, that is
400 games; 10 with ``--quick``), ``BOTS_CEILING_WORLDS`` the worlds sampled per
searched decision (30).
"""

import os
import random
from multiprocessing import Pool

from games.call_to_glory.bots import tactics
from games.call_to_glory.bots.arena import wilson
from games.call_to_glory.bots.decide import paired_best
from games.call_to_glory.bots.rollout import play_step
from games.call_to_glory.bots.sim import ACT, OVER, Sim
from games.call_to_glory.bots.training import deal

SEED = 20261124
PLAYERS = 4
WORLDS = int(os.environ.get("BOTS_CEILING_WORLDS") or 30)
CONFIDENCE = 1.0
DISCARDS = 3
KNOWING = {
    "what a player sees": "hands and draw piles",
    "the others' hands": "draw piles",
    "everything": "",
}


def redeal(sim: Sim, me: int, hidden: str, rng: random.Random) -> Sim:
    """A copy of ``sim`` with ``hidden`` (the others' hands and/or the draw piles)
    dealt again from the cards they hold between them."""
    world = sim.clone()
    if not hidden:
        return world
    others = [q for q in range(sim.n) if q != me] if "hands" in hidden else []
    cards = world.piles[0] + world.piles[1]
    sizes = []
    for q in others:
        sizes.append(sum(world.hands[q]))
        cards += [i for i in range(9) for _ in range(world.hands[q][i])]
        world.hands[q] = [0] * 9
    rng.shuffle(cards)
    for q, size in zip(others, sizes, strict=True):
        for i in cards[:size]:
            world.hands[q][i] += 1
        cards = cards[size:]
    first = len(world.piles[0])
    world.piles[0], world.piles[1] = cards[:first], cards[first:]
    return world


def actions(sim: Sim, me: int) -> list:
    """The rules' own action first, then every full lay and the cheapest discards."""
    own = tactics.choose_action(sim, me)
    found = [own]
    hand = sim.hands[me]
    for i in range(9):
        k = hand[i]
        if k >= tactics.MIN_SETS[sim.n][i] and all(k > s[i] for s in sim.sets):
            found.append(("lay", i, k))
    look = tactics.Outlook(sim, me)
    cheapest = sorted((i for i in range(9) if hand[i]), key=look.marginal_loss)
    found += [("discard", i, tactics.choose_place(sim, me, i, 1)) for i in cheapest[:DISCARDS]]
    return list(dict.fromkeys(found))


def act(sim: Sim, action: tuple) -> None:
    if action[0] == "lay":
        sim.lay(action[1], action[2], tactics.choose_place)
    else:
        sim.discard(action[1], action[2])


def won(sim: Sim, me: int) -> bool:
    while sim.phase != OVER:
        play_step(sim)
    scores = sim.base_scores()
    return scores[me] == max(scores)


def searched_action(sim: Sim, me: int, hidden: str, rng: random.Random) -> tuple:
    moves = actions(sim, me)
    runs = 1 if not hidden else WORLDS
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    for _ in range(runs):
        world = redeal(sim, me, hidden, rng)
        results = []
        for move in moves:
            trial = world.clone()
            act(trial, move)
            results.append(float(won(trial, me)))
        for c in range(1, len(moves)):
            d = results[c] - results[0]
            sums[c] += d
            squares[c] += d * d
    return moves[paired_best(sums, squares, runs, CONFIDENCE)]


def play_deal(args) -> int:
    """Rounds the racing seat won on one deal, once per seat; ``hidden`` None: no search."""
    deal_number, hidden = args
    dealt = deal(PLAYERS, random.Random(SEED + deal_number))
    rng = random.Random(SEED * 7 + deal_number)
    wins = 0
    for me in range(PLAYERS):
        sim = dealt.clone()
        sim.racer = me
        while sim.phase != OVER:
            if hidden is not None and sim.turn == me and sim.phase == ACT:
                act(sim, searched_action(sim, me, hidden, rng))
            else:
                play_step(sim)
        scores = sim.base_scores()
        wins += scores[me] == max(scores)
    return wins


def row(label: str, hidden, deals: int) -> list[dict]:
    with Pool(os.cpu_count() or 1) as pool:
        wins = sum(pool.map(play_deal, [(d, hidden) for d in range(deals)]))
    games = deals * PLAYERS
    low, high = wilson(wins, games)
    name = f"4p round vs 3 greedy, {label} ({games} games)"
    return [
        {"benchmark": name, "value": 100 * wins / games, "unit": "%", "target": ""},
        {
            "benchmark": "  95% interval",
            "value": f"{100 * low:.1f}-{100 * high:.1f}",
            "unit": "%",
            "target": "",
        },
    ]


def run(quick: bool = False) -> list[dict]:
    deals = int(os.environ.get("BOTS_CEILING_DEALS") or (10 if quick else 100))
    rows = row("rules alone", None, 10 * deals)
    for knows, hidden in KNOWING.items():
        rows += row(f"search ({WORLDS} worlds), sees {knows}", hidden, deals)
    return rows
