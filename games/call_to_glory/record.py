"""The call-to-glory/1 record of a game, and the validator's result dict of a game."""

from .moves import ACTIONS, STRINGS
from .phases import OVER
from .scoring import places
from .task_cards import DEFAULT_DECKS, LETTERS, task_name

FORMAT = "call-to-glory/1"


def record_of(st) -> dict:
    """The record of the game so far; ``"complete": false`` while it is unfinished."""
    rounds = []
    for (hands, piles), log in zip(st.deals, st.logs, strict=False):
        rounds.append(
            {
                "hands": [list(hand) for hand in hands],
                "draw_piles": [list(piles[0]), list(piles[1])],
                "moves": [STRINGS[code // ACTIONS][code % ACTIONS] for code in log],
            }
        )
    record = {
        "format": FORMAT,
        "players": list(st.players),
        "options": st.opts.as_dict(),
        "tasks": None if st.tasks is None else [[task_name(t) for t in ts] for ts in st.tasks],
    }
    if st.decks != DEFAULT_DECKS:
        record["task_decks"] = {letter: list(st.decks[letter]) for letter in LETTERS}
    record["rounds"] = rounds
    if st.phase != OVER:
        record["complete"] = False
    return record


def result_of(st, complete: bool | None = None) -> dict:
    """The validator's answer for the game so far: finished rounds only; ``complete``
    false is added unless the game is over (or ``complete`` says otherwise)."""
    rounds = [
        {"start": start, "base": base, "bonus": bonus, "scores": scores}
        for start, base, bonus, scores in st.results
    ]
    best = [max((r[3][seat] for r in st.results), default=0) for seat in range(st.n)]
    result = {
        "valid": True,
        "players": list(st.players),
        "rounds": rounds,
        "totals": list(st.totals),
        "places": places(st.totals, best),
    }
    if complete is None:
        complete = st.phase == OVER
    if not complete:
        result["complete"] = False
    return result
