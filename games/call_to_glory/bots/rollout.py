"""Playing a sampled world forward with the greedy tactics, and judging where it ends."""

from . import tactics, value
from .sim import ACT, DRAW1, DRAW2, END, OVER, VALUES


def play_step(sim) -> None:
    """Make the next decision of the current turn with the tactics."""
    me = sim.turn
    phase = sim.phase
    if sim.ninja and sim.minis[me] > sim.fresh[me]:
        target = tactics.choose_ninja(sim, me)
        if target is not None:
            sim.use_ninja(target[0], target[1], tactics.choose_place)
            return
    if phase == DRAW1 or phase == DRAW2:
        sim.draw(tactics.choose_draw(sim, me))
    elif phase == ACT:
        action = tactics.choose_action(sim, me)
        if action[0] == "lay":
            sim.lay(action[1], action[2], tactics.choose_place)
        else:
            sim.discard(action[1], action[2])
    elif phase == END:
        sim.end_turn()


def play_out(sim, max_turns: int = 1000) -> None:
    """Play until the round ends or ``max_turns`` more turns have started."""
    turns = 0
    while sim.phase != OVER:
        if sim.phase == DRAW1:
            turns += 1
            if turns > max_turns:
                return
        play_step(sim)


def outcome(sim, me: int, win_weight: float) -> float:
    """How good the finished round is for ``me``: the margin over the best other total,
    plus ``win_weight`` for being ahead (minus it for being behind) in the last round."""
    scores = sim.round_scores(tactics.choose_reveal)
    totals = [sim.totals[q] + scores[q] for q in range(sim.n)]
    margin = totals[me] - max(totals[q] for q in range(sim.n) if q != me)
    if sim.last_round and win_weight:
        if margin > 0:
            return margin + win_weight
        if margin < 0:
            return margin - win_weight
    return float(margin)


def estimate(sim, me: int, hand_weight: float) -> float:
    """A round not yet over, judged for ``me``: each seat's sets, discounted by the
    threat of being displaced, plus ``hand_weight`` times the worth of its hand (by the
    tactics' measure), and the margin over the best other seat (totals included)."""
    turns_left = min(len(sim.piles[0]), len(sim.piles[1])) / 2
    weight = hand_weight * min(1.0, turns_left / 8)
    best_other = -1e9
    mine = 0.0
    for q in range(sim.n):
        look = tactics.Outlook(sim, q)
        s = sim.sets[q]
        hand = sim.hands[q]
        value = float(sim.totals[q])
        for i in range(9):
            if s[i]:
                value += VALUES[i] * (1.0 - 0.5 * look.threat(i, s[i]))
            if hand[i]:
                value += weight * look.worth(i, hand[i])
        if q == me:
            mine = value
        elif value > best_other:
            best_other = value
    return mine - best_other


def judge(sim, me: int, win_weight: float, hand_weight: float, learned: bool = False) -> float:
    """A finished round by its outcome; an unfinished one by the learned estimate
    (``value.py``) or the hand-made one."""
    if sim.phase == OVER:
        return outcome(sim, me, win_weight)
    if learned:
        return value.estimate(sim, me)
    return estimate(sim, me, hand_weight)
