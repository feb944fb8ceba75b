"""What the game page's Call to Glory board shows beside the page's frame (seats, turn,
clock, moves, log): each seat's hand size, sets, miniatures and revealed tasks; the
reader's hand and hidden tasks; the scores round by round."""

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
