"""Copies of a game state: ``clone`` (cheap, independent) and ``determinize`` (a copy in
which everything hidden from one seat is dealt again, consistently with its view)."""

import random

from .cards import VALUES, deal
from .task_cards import LETTERS

SHARED = (
    "players", "n", "opts", "ninja", "decks", "tasks", "start", "onboard", "supply", "turn",
    "phase", "first", "pending", "turns",
)  # fmt: skip


def clone(st):
    other = type(st).__new__(type(st))
    for name in SHARED:
        setattr(other, name, getattr(st, name))
    other.unrevealed = None if st.tasks is None else [t[:] for t in st.unrevealed]
    other.revealed = None if st.tasks is None else [t[:] for t in st.revealed]
    other.round_reveals = st.round_reveals[:]
    other.deals = st.deals[:]
    other.logs = st.logs[:-1] + [st.logs[-1][:]] if st.logs else []
    other.log = other.logs[-1] if other.logs else None
    other.results = st.results[:]
    other.totals = st.totals[:]
    other.order = st.order[:]
    if st.logs:
        other.hands = [row[:] for row in st.hands]
        other.sets = [row[:] for row in st.sets]
        other.owner = st.owner[:]
        other.nvals = st.nvals[:]
        other.piles = [p[:] for p in st.piles]
        other.minis = st.minis[:]
        other.fresh = st.fresh[:]
    return other


def determinize(st, seat: int, rng: random.Random):
    """A copy where the other hands, the draw piles' order, others' unrevealed tasks and
    the deals of rounds not yet begun are resampled, consistently with ``seat``'s view."""
    other = st.clone()
    n = st.n
    if st.logs:
        pool = [i for s in range(n) if s != seat for i in range(9) for _ in range(st.hands[s][i])]
        pool += st.piles[0] + st.piles[1]
        rng.shuffle(pool)
        at = 0
        for s in range(n):
            if s != seat:
                size = sum(st.hands[s])
                row = [0] * 9
                for i in pool[at : at + size]:
                    row[i] += 1
                other.hands[s] = row
                at += size
        d1 = len(st.piles[0])
        other.piles[0] = pool[at : at + d1]
        other.piles[1] = pool[at + d1 :]
    if st.tasks is not None:
        _resample_tasks(st, other, seat, rng)
    for r in range(len(st.logs), len(st.deals)):
        other.deals[r] = deal(n, rng)
    return other


def _resample_tasks(st, other, seat: int, rng: random.Random) -> None:
    known = list(st.tasks[seat]) + [t for s in range(st.n) if s != seat for t in st.revealed[s]]
    for d, letter in enumerate(LETTERS):
        unknown = [(d, value) for value in st.decks[letter]]
        unknown = [(d, VALUES.index(v)) for _, v in unknown]
        for task in known:
            if task[0] == d and task in unknown:
                unknown.remove(task)
        rng.shuffle(unknown)
        for s in range(st.n):
            if s == seat:
                continue
            for k, task in enumerate(other.unrevealed[s]):
                if task[0] == d:
                    new = unknown.pop()
                    other.unrevealed[s][k] = new
                    dealt = other.tasks[s]
                    other.tasks = [list(ts) for ts in other.tasks]
                    other.tasks[s] = [new if t == task else t for t in dealt]
