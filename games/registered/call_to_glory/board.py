"""What the game page's Call to Glory board shows beside the page's frame (seats, turn,
clock, moves, log): each seat's hand size, sets, miniatures and revealed tasks; the
reader's hand and hidden tasks; the scores round by round. And the replay viewer's
board (``replay_board``): every seat's hand when nobody's view is chosen."""

from games.call_to_glory.cards import VALUES


def board(view: dict, you: int | None) -> dict:
    players = view["players"]
    tasks = view.get("tasks")
    hand_sizes = view.get("hand_sizes") or [0] * len(players)
    sets = view.get("sets") or [{}] * len(players)
    miniatures = view.get("miniatures") or [None] * len(players)
    return {
        "seats": [
            {
                "hand_size": hand_sizes[p],
                "sets": sorted(((int(v), c) for v, c in sets[p].items()), reverse=True),
                "miniatures": miniatures[p],
                "tasks": tasks["revealed"][p] if tasks else [],
                "total": view["totals"][p],
            }
            for p in range(len(players))
        ],
        "hand": view.get("hand") or [],
        "values": VALUES,
        "results": [
            {"number": i, "scores": r["scores"]} for i, r in enumerate(view["results"], start=1)
        ],
        "own_tasks": tasks["own"] if tasks and you is not None else None,
    }


def replay_board(state, seat: int | None) -> dict:
    """What the replay viewer shows of a position: seen by ``seat``, or by everyone
    (every hand open) when ``seat`` is None."""
    view = state.view(seat)
    players = view["players"]
    if seat is None:
        views = [state.view(s) for s in range(len(players))]
    else:
        views = [view if s == seat else {} for s in range(len(players))]
    hands = [v.get("hand") for v in views]
    own_tasks = [(v.get("tasks") or {}).get("own") for v in views]
    revealed = (view.get("tasks") or {}).get("revealed") or [[] for _ in players]
    sets = view.get("sets") or [{} for _ in players]
    seats = [
        {
            "position": position,
            "name": name,
            "hand": sorted(hands[position]) if hands[position] is not None else None,
            "hand_size": (view.get("hand_sizes") or [0] * len(players))[position],
            "hidden_cards": range((view.get("hand_sizes") or [0] * len(players))[position]),
            "sets": sorted(((int(v), n) for v, n in sets[position].items()), reverse=True),
            "on_table": sum(int(v) for v in sets[position]),
            "total": view["totals"][position],
            "to_move": view["to_move"] == position,
            "miniatures": (view.get("miniatures") or [None] * len(players))[position],
            "tasks_hidden": own_tasks[position],
            "tasks_revealed": revealed[position],
        }
        for position, name in enumerate(players)
    ]
    board = {
        "seats": seats,
        "draw_piles": view.get("draw_piles") or [0, 0],
        "discard_piles": view.get("discard_piles") or [],
        "phase": view["phase"],
        "pending": view.get("pending"),
        "round_results": view["results"],
        "tasks": view.get("tasks"),
    }
    return board
