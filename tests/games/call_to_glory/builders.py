"""Build hand-made records for the tests: stack a deal so the scripted draws come up,
play the script through the checked API, then finish the round with plain turns (draw
D1, draw D2, discard the lowest card; ``end`` when a turn waits; first legal otherwise)."""

import json
from pathlib import Path

from games.call_to_glory.cards import VALUES, the_deck
from games.call_to_glory.options import read_options
from games.call_to_glory.state import GameState
from games.call_to_glory.task_cards import DEFAULT_DECKS, parse_task

FIXTURES = Path(__file__).parent / "fixtures"


def stacked_state(players, options, hands, script, tasks=None):
    """A one-round game whose draw piles give the cards written in ``script`` as
    ``"0 draw D1:20"``; returns (state, moves without the card notes)."""
    piles = [[], []]
    moves = []
    for move in script:
        if ":" in move:
            move, card = move.split(":")
            piles[int(move[-1]) - 1].append(int(card))
        moves.append(move)
    rest = the_deck()
    for card in [c for hand in hands for c in hand] + piles[0] + piles[1]:
        rest.remove(card)
    rest.sort(reverse=True)
    total = len(rest) + len(piles[0]) + len(piles[1])
    d1_size = (total + 1) // 2
    fill = d1_size - len(piles[0])
    assert fill >= 0 and total - d1_size >= len(piles[1])
    d1 = piles[0] + rest[:fill]
    d2 = piles[1] + rest[fill:]
    opts = read_options(options)
    dealt = None if tasks is None else [sorted(parse_task(t) for t in ts) for ts in tasks]
    deal = ([list(h) for h in hands], [d1, d2])
    state = GameState(players, opts, DEFAULT_DECKS, dealt, [deal])
    return state, moves


def play(state, moves):
    for move in moves:
        state.apply(move)
    return state


def finish_round(state):
    """Plain turns until the round (here: the game) is over."""
    rounds = len(state.results)
    while not state.is_over() and len(state.results) == rounds:
        legal = state.legal_moves()
        body = [m.split(" ", 1)[1] for m in legal]
        pick = None
        for wanted in ("draw D1", "draw D2", "end"):
            if wanted in body:
                pick = legal[body.index(wanted)]
                break
        if pick is None:
            discards = [m for m in legal if " discard " in m]
            if discards:
                pick = min(discards, key=lambda m: (int(m.split()[2]), m))
            else:
                pick = legal[0]
        state.apply(pick)
    return state


def stacked_record(players, options, hands, script, tasks=None) -> dict:
    state, moves = stacked_state(players, options, hands, script, tasks)
    return finish_round(play(state, moves)).record()


def load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text())


def save(name: str, data) -> None:
    (FIXTURES / name).write_text(json.dumps(data, separators=(",", ":")) + "\n")


__all__ = ["VALUES", "stacked_record", "stacked_state", "finish_round", "load", "save"]


def at(script, players=("a", "b"), options=None, hands=None, tasks=None):
    """The state after ``script`` (draws noted with their cards) from a stacked deal."""
    n = len(players)
    hands = hands or [[6, 7, 8], [6, 7, 8], [6, 7, 8], [6, 7, 8]][:n]
    state, moves = stacked_state(list(players), options or {"rounds": 1}, hands, script, tasks)
    return play(state, moves)


def refusal(state, move) -> str:
    """The reason ``state.apply(move)`` gives; the state must be left as it was."""
    from games.call_to_glory import IllegalMove

    before = state.record(), state.view(state.current_player() or 0)
    try:
        state.apply(move)
    except IllegalMove as exc:
        assert (state.record(), state.view(state.current_player() or 0)) == before
        return exc.reason
    raise AssertionError(f"{move!r} was accepted")
