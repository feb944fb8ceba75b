"""The end of a round: its three conditions, the task reveals, and the round's scores."""

from .phases import DEAL, OVER, REVEAL, THRESHOLD
from .scoring import round_scores, start_player
from .task_cards import reveal_order, task_name


def round_over(st) -> bool:
    """Checked at the end of each turn: a seat with sets of THRESHOLD different values, all
    nine values on the table, or an empty draw pile."""
    if not st.piles[0] or not st.piles[1] or st.onboard == 9:
        return True
    return max(st.nvals) >= THRESHOLD[st.n]


def end_round(st) -> None:
    """Imperial tasks: reveals first (from the start player, clockwise); then scores."""
    st.return_miniatures()
    if st.tasks is not None:
        st.order = reveal_order(st.start, st.n, st.unrevealed)
        if st.order:
            st.phase = REVEAL
            return
    score_round(st)


def reveal_refusal(st, task: tuple[int, int]) -> str | None:
    if st.tasks is None:
        return "the imperial tasks variant is not in play"
    if st.phase != REVEAL:
        return "tasks are revealed only at the end of a round"
    seat = st.order[0]
    if task in st.unrevealed[seat]:
        return None
    if task in st.revealed[seat]:
        return f"seat {seat} has already revealed {task_name(task)}"
    return f"seat {seat} holds no task {task_name(task)}"


def reveal(st, task: tuple[int, int]) -> None:
    seat = st.order.pop(0)
    st.unrevealed[seat].remove(task)
    st.revealed[seat].append(task)
    st.round_reveals.append(task)
    if not st.order:
        score_round(st)


def score_round(st) -> None:
    base, bonus, scores = round_scores(st.sets, st.round_reveals)
    st.results.append((st.start, base, bonus, scores))
    st.totals = [t + s for t, s in zip(st.totals, scores, strict=True)]
    if len(st.results) >= st.opts.rounds:
        st.phase = OVER
        return
    st.start = start_player(st.totals, scores, st.start)
    st.phase = DEAL
    if len(st.deals) > len(st.results):
        st.begin_round()
