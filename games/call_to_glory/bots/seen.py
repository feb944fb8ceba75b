"""Reading a seat's view (the engine's ``state.view(seat)``) into the bots' terms.

Only the view is read: the seat's hand, the table, pile sizes and discard tops,
miniatures, tasks revealed and the seat's own. What kind of decision is asked comes
from the view's ``phase``.
"""

from dataclasses import dataclass

from games.call_to_glory.task_cards import DEFAULT_DECKS

from .sampling import Known
from .sim import ACT, DRAW1, DRAW2, END, INDEX, PILES, TASK_POINTS, VALUES

LETTER_OF_POINTS = {points: letter for letter, points in TASK_POINTS.items()}


@dataclass
class Seen:
    kind: str  # "turn", "pile" or "reveal"
    known: Known
    placing: tuple = ()  # (me, value index, cards) for a pile decision
    revealing: tuple = ()  # (me, tasks revealed before mine this round) for a reveal

    def pile_move(self, pile: int) -> str:
        return f"{self.known.me} pile {PILES[pile]}"

    def reveal_move(self, task: tuple) -> str:
        points, i = task
        return f"{self.known.me} reveal {LETTER_OF_POINTS[points]}{VALUES[i]}"


def counts(values) -> list:
    row = [0] * 9
    for value in values:
        row[INDEX[value]] += 1
    return row


def task_of(name: str) -> tuple:
    return (TASK_POINTS[name[0]], INDEX[int(name[1:])])


def read_view(view: dict) -> Seen:
    me = view["seat"]
    n = len(view["players"])
    phase_name = view["phase"]
    discard = view["discard_piles"]
    sets = []
    for row in view["sets"]:
        line = [0] * 9
        for value, count in row.items():
            line[INDEX[int(value)]] = count
        sets.append(line)
    if phase_name == "draw":
        phase = DRAW2 if view.get("first_draw") else DRAW1
    else:
        phase = {"act": ACT, "end": END}.get(phase_name, END)
    minis = view.get("miniatures") or [0] * n
    usable = view.get("miniatures_usable") or [0] * n
    rounds = view["options"]["rounds"]
    known = Known(
        n=n,
        me=me,
        hand=counts(view["hand"]),
        sets=sets,
        pile_sizes=list(view["draw_piles"]) + [pile["size"] for pile in discard],
        tops=[None if pile["top"] is None else INDEX[pile["top"]] for pile in discard],
        hand_sizes=list(view["hand_sizes"]),
        turn=view["turn"],
        phase=phase,
        first_pile=PILES.index(view["first_draw"]) if view.get("first_draw") else -1,
        ninja=bool(view["options"].get("ninja")),
        minis=list(minis),
        fresh=[m - u for m, u in zip(minis, usable, strict=True)],
        supply=view.get("supply") or 0,
        totals=list(view["totals"]),
        start=view["start"],
        last_round=view["round"] >= rounds,
    )
    pending = view.get("pending")
    if pending is not None:
        # The displaced set or eliminated card is off the table and on no pile yet.
        known.limbo = counts([pending["value"]] * pending["cards"])
    tasks = view.get("tasks")
    if tasks is not None:
        read_tasks(known, tasks)
    if phase_name == "pile":
        assert pending is not None, "the pile phase names the cards to place"
        return Seen("pile", known, placing=(me, INDEX[pending["value"]], pending["cards"]))
    if phase_name == "reveal":
        assert tasks is not None, "only a game with Imperial Tasks reveals them"
        before = [task_of(name) for name in tasks["this_round"]]
        return Seen("reveal", known, revealing=(me, before))
    return Seen("turn", known)


def read_tasks(known: Known, tasks: dict) -> None:
    """My unrevealed tasks, and for the others the decks their hidden tasks come from
    and the cards those may be (every task card not accounted for in my view)."""
    me = known.me
    known.my_tasks = [task_of(name) for name in tasks["own"]]
    pool = {
        letter: [(TASK_POINTS[letter], INDEX[v]) for v in deck]
        for letter, deck in DEFAULT_DECKS.items()
    }
    accounted = list(tasks["own"]) + [name for names in tasks["revealed"] for name in names]
    for name in accounted:
        task = task_of(name)
        if task in pool[name[0]]:
            pool[name[0]].remove(task)
    known.task_pool = pool
    letters: list[list[str]] = []
    for seat, revealed in enumerate(tasks["revealed"]):
        if seat == me:
            letters.append([])
        else:
            gone = {name[0] for name in revealed}
            letters.append([letter for letter in "ABC" if letter not in gone])
    known.hidden_task_letters = letters
