"""Decisions on a seat's knowledge (``Known``), answered as engine move strings.

Both functions pick from ``legal`` (the view's legal moves) only; the model is used to
rank them, so a move the model would not list can still be chosen by the fallback.
"""

import time

from . import tactics
from .rollout import judge, play_out
from .sampling import Known, public_world, sample_world
from .sim import ACT, DRAW1, DRAW2, END, PILES, VALUES


def greedy_move(known: Known, legal: list, race: bool = False) -> str:
    """The tactics' choice for a turn decision (draw, lay/discard, ninja, end); with
    ``race``, by the racing rules (``tactics.RACE_GAINS``)."""
    world = public_world(known)
    me = known.me
    if race:
        world.racer = me
    wanted = None
    target = tactics.choose_ninja(world, me) if known.ninja else None
    if target is not None:
        wanted = f"{me} ninja {target[0]} {VALUES[target[1]]}"
    elif known.phase in (DRAW1, DRAW2):
        wanted = f"{me} draw {PILES[tactics.choose_draw(world, me)]}"
    elif known.phase == ACT:
        action = tactics.choose_action(world, me)
        if action[0] == "lay":
            wanted = f"{me} lay {VALUES[action[1]]} {action[2]}"
        else:
            wanted = f"{me} discard {VALUES[action[1]]} {PILES[action[2]]}"
    elif known.phase == END:
        wanted = f"{me} end"
    if wanted is not None and wanted in legal:
        return wanted
    return _fallback(legal)


def _fallback(legal: list) -> str:
    """A sane legal move when the model and the engine disagree (never expected)."""
    for verb in (" end", " lay ", " draw ", " discard ", " pile ", " reveal "):
        for move in legal:
            if verb in move:
                return move
    return legal[0]


# Ninja uses searched at most: one-card sets first, then the most points per card.
MAX_NINJAS = 3


def candidates(known: Known, legal: list, max_discards: int, race: bool = False) -> list:
    """The moves worth searching after the draws: full lays only, the few cheapest
    discards (by the tactics), each to its better pile, ninja uses and ``end``."""
    world = public_world(known)
    me = known.me
    if race:
        world.racer = me
    look = tactics.Outlook(world, me)
    keep = []
    discards: dict[int, list[str]] = {}
    ninjas = []
    for move in legal:
        words = move.split()
        verb = words[1]
        if verb == "lay":
            if int(words[3]) == known.hand[_index(words[2])]:
                keep.append(move)
        elif verb == "discard":
            discards.setdefault(_index(words[2]), []).append(move)
        elif verb == "end":
            keep.append(move)
        elif verb == "ninja":
            target, i = int(words[2]), _index(words[3])
            size = known.sets[target][i]
            ninjas.append(((size == 1, VALUES[i] / size), move))
    ninjas.sort(reverse=True)
    keep.extend(move for _, move in ninjas[:MAX_NINJAS])
    if discards:
        ranked = sorted(
            discards, key=lambda i: look.marginal_loss(i) + tactics.feeding_risk(world, look, i)
        )
        for i in ranked[:max_discards]:
            moves = discards[i]
            best = f"{me} discard {VALUES[i]} {PILES[tactics.choose_place(world, me, i, 1)]}"
            keep.append(best if best in moves else moves[0])
    return keep or list(legal)


def _index(text: str) -> int:
    return VALUES.index(int(text))


def search_move(
    known: Known,
    legal: list,
    rng,
    iterations: int,
    time_limit_ms: float,
    max_discards: int,
    win_weight: float,
    horizon: int = 2,
    hand_weight: float = 0.5,
    confidence: float = 1.0,
    learned: bool = False,
    race: bool = False,
) -> str:
    """Determinized Monte Carlo. Each iteration samples one world from ``known`` and, in
    it, plays every candidate, then ``horizon`` cycles of turns (every player once) with
    the tactics, and judges the result. The same world serves every candidate, and a
    candidate replaces the tactics' own move only when its mean gain over that move
    stays positive after subtracting ``confidence`` standard errors. With ``race`` the
    bot's own moves, the baseline's and its rollouts', follow the racing rules."""
    if len(legal) == 1:
        return legal[0]
    moves = candidates(known, legal, max_discards, race)
    first = greedy_move(known, legal, race)  # the baseline every candidate must beat
    if first in moves:
        moves.remove(first)
    moves.insert(0, first)
    if len(moves) == 1:
        return first
    turns = horizon * known.n - 1
    deadline = time.perf_counter() + time_limit_ms / 1000 if time_limit_ms else None
    me = known.me
    # Paired differences against the greedy move (index 0), the same world for all.
    sums = [0.0] * len(moves)
    squares = [0.0] * len(moves)
    runs = 0
    for _ in range(iterations):
        world = sample_world(known, rng)
        if race:
            world.racer = me
        values = []
        for move in moves:
            w = world.clone()
            w.apply_text(move, tactics.choose_place)
            play_out(w, turns)
            values.append(judge(w, me, win_weight, hand_weight, learned))
        for c in range(1, len(moves)):
            d = values[c] - values[0]
            sums[c] += d
            squares[c] += d * d
        runs += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return moves[paired_best(sums, squares, runs, confidence)]


def paired_best(sums: list, squares: list, runs: int, confidence: float) -> int:
    """The candidate to play, from each candidate's paired differences against the
    baseline (index 0) over ``runs`` worlds: the one whose mean gain minus
    ``confidence`` standard errors is largest, if positive; else the baseline."""
    best, best_gain = 0, 0.0
    for c in range(1, len(sums)):
        mean = sums[c] / runs
        spread = max(squares[c] / runs - mean * mean, 0.0) ** 0.5
        gain = mean - confidence * spread / runs**0.5
        if gain > best_gain:
            best, best_gain = c, gain
    return best
