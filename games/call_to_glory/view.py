"""What one seat may see (spec "Hidden information"), (determinization is in copying.py).

A seat sees its own hand; every set on the table; the top card and size of each discard
pile; the sizes of the draw piles and of every hand; miniatures held; revealed tasks and
its own unrevealed tasks. Nothing else (not even the move log). ``view(None)`` is what a
spectator sees: the same without any hand or unrevealed task.
"""

from .cards import VALUES
from .phases import NAMES
from .task_cards import task_name


def _sets_json(row) -> dict:
    return {str(VALUES[i]): count for i, count in enumerate(row) if count}


def view_of(st, seat: int | None) -> dict:
    if seat is not None and not (type(seat) is int and 0 <= seat < st.n):
        raise ValueError(f"there is no seat {seat!r}")
    to_move = st.current_player()
    in_round = bool(st.logs)  # a round has been dealt (always, but for an empty record)
    view = {
        "seat": seat,
        "to_move": to_move,
        "players": list(st.players),
        "options": st.opts.as_dict(),
        "phase": NAMES[st.phase],
        "round": len(st.logs),
        "start": st.start,
        "turn": st.turn if in_round else None,
        "results": st.result()["rounds"],
        "totals": list(st.totals),
    }
    if in_round:
        piles = st.piles
        view.update(
            {
                "hand": (
                    None
                    if seat is None
                    else [VALUES[i] for i in range(9) for _ in range(st.hands[seat][i])]
                ),
                "hand_sizes": [sum(row) for row in st.hands],
                "sets": [_sets_json(row) for row in st.sets],
                "draw_piles": [len(piles[0]), len(piles[1])],
                "discard_piles": [
                    {"top": VALUES[p[-1]] if p else None, "size": len(p)} for p in piles[2:]
                ],
                "first_draw": ("D1", "D2", "X1", "X2")[st.first] if st.phase == 1 else None,
                "miniatures": list(st.minis) if st.ninja else None,
                "miniatures_usable": (
                    [m - f for m, f in zip(st.minis, st.fresh, strict=True)] if st.ninja else None
                ),
                "supply": st.supply if st.ninja else None,
                "pending": (
                    None
                    if st.pending is None
                    else {
                        "seat": st.pending[0],
                        "value": VALUES[st.pending[1]],
                        "cards": st.pending[2],
                    }
                ),
            }
        )
    if st.tasks is not None:
        view["tasks"] = {
            "revealed": [[task_name(t) for t in ts] for ts in st.revealed],
            "this_round": [task_name(t) for t in st.round_reveals],
            "own": None if seat is None else [task_name(t) for t in st.unrevealed[seat]],
            "unrevealed_counts": [len(ts) for ts in st.unrevealed],
            "decks": {letter: list(st.decks[letter]) for letter in "ABC"},
        }
    if seat is not None and to_move == seat:
        view["legal_moves"] = st.legal_moves()
    return view
