"""Remembering what the other players took from the discard piles.

The view has no move log, but a player at a real table sees the others take face-up
cards. Between the last decision of our turn and the first of our next one, each other
player played exactly one turn; comparing the view we expected after our own move with
the one we get tells how many cards were drawn blind and which discard tops were
taken, and what was discarded or laid. Cards taken and not yet laid or discarded are
known to be in that hand. Heads-up the turn is read directly (and also gives a clue to
the rest of the hand); at 3-4 players ``cycle.read_cycle`` tries every way the turns
could have gone and keeps what all of them agree on. Anything we cannot read for
certain (a displaced set or an eliminated card placed by its owner heads-up, a ninja
used at 3-4 players, a new round) makes us forget, never guess: the memory is only ever
a subset of what a table player knows.
"""

from .cycle import read_cycle
from .sim import INDEX, PILE_INDEX


class Memory:
    def __init__(self):
        # Per seat, counts per value index of cards it is known to hold (None for us).
        self.held = None
        # What the opponent's last turn says about the hand (``Clue``), or None.
        self.clue = None
        self.expected = None  # the public piles and sets expected after our last move
        self.round = None

    def observe(self, view: dict) -> list | None:
        """Read the other players' turns from ``view`` if possible; per seat the cards
        (counts per value index) it is known to hold, None for us; or None."""
        me = view["seat"]
        n = len(view["players"])
        if view["phase"] in ("pile", "reveal"):
            self.expected = None
            return None
        if view["round"] != self.round:
            self.round = view["round"]
            self.held = self._forgotten(me, n)
            self.expected = None
            self.clue = None
        expected, self.expected = self.expected, None
        fresh_turn = view["phase"] == "draw" and not view.get("first_draw")
        if fresh_turn and view["turn"] == me:
            self.clue = None
            if expected is None:
                self.held = self._forgotten(me, n)  # turns we could not follow
            elif n == 2:
                self._read_turn(expected, public(view), 1 - me, view["hand_sizes"][1 - me])
            else:
                self._read_cycle(expected, public(view), me, view["hand_sizes"])
        return self.held

    @staticmethod
    def _forgotten(me: int, n: int) -> list:
        return [None if seat == me else [0] * 9 for seat in range(n)]

    def _read_cycle(self, before: dict, after: dict, me: int, hand_sizes: list) -> None:
        read = None
        if not used_a_ninja(before, after):
            read = read_cycle(before, after, me, self.held, hand_sizes)
        self.held = read if read is not None else self._forgotten(me, len(hand_sizes))

    def expect(self, view: dict, move: str) -> None:
        """Note the public state that ``move`` (ours, just chosen) leaves, when certain."""
        if view["phase"] not in ("act", "end"):
            return
        state = public(view)
        words = move.split()
        verb = words[1]
        if verb == "discard":
            pile = PILE_INDEX[words[3]] - 2
            state["tops"][pile] = INDEX[int(words[2])]
            state["sizes"][pile] += 1
        elif verb == "lay":
            i = INDEX[int(words[2])]
            if any(row[i] for seat, row in enumerate(state["sets"]) if seat != view["seat"]):
                return  # the displaced set's owner places it where it likes
            state["sets"][view["seat"]][i] = int(words[3])
        elif verb != "end":
            return
        self.expected = state

    def _read_turn(self, before: dict, after: dict, them: int, hand_size: int) -> None:
        blind = sum(before["draws"]) - sum(after["draws"])
        taken_piles = 2 - blind
        grown = [i for i in range(9) if after["sets"][them][i] > before["sets"][them][i]]
        if taken_piles not in (0, 1, 2) or len(grown) > 1:
            self.held[them] = [0] * 9
            return
        change = [after["sizes"][p] - before["sizes"][p] for p in (0, 1)]
        laid = grown[0] if grown else None
        taken, discarded = self._taken(before, after, change, taken_piles, laid is not None)
        if taken is None:
            self.held[them] = [0] * 9
            return
        if blind and discarded is not None:
            passed = [top for p, top in enumerate(before["tops"]) if top is not None]
            for card in taken:
                passed.remove(card)
            self.clue = (discarded, passed)
        held = self.held[them]
        for card in taken:
            held[card] += 1
        if discarded is not None and held[discarded]:
            held[discarded] -= 1
        if laid is not None:
            held[laid] = 0
        if sum(held) > hand_size:
            self.held[them] = [0] * 9

    @staticmethod
    def _taken(before, after, change, taken_piles, laid):
        """(cards taken from the discard piles, card discarded or None), or (None, None)
        when the views do not tell for certain."""
        tops_before, tops_after = before["tops"], after["tops"]
        if laid:
            if sorted(change) != sorted([-1] * taken_piles + [0] * (2 - taken_piles)):
                return None, None
            taken = [tops_before[p] for p in (0, 1) if change[p] == -1]
            return (None, None) if None in taken else (taken, None)
        if taken_piles == 0:
            pile = change.index(1) if sorted(change) == [0, 1] else None
            return ([], tops_after[pile]) if pile is not None else (None, None)
        if taken_piles == 2:
            if sorted(change) != [-1, 0] or None in tops_before:
                return None, None
            pile = change.index(0)
            return list(tops_before), tops_after[pile]
        if sorted(change) == [-1, 1]:
            source = change.index(-1)
            return ([tops_before[source]], tops_after[1 - source])
        if change == [0, 0]:
            moved = [p for p in (0, 1) if tops_after[p] != tops_before[p]]
            if len(moved) == 1 and tops_before[moved[0]] is not None:
                return [tops_before[moved[0]]], tops_after[moved[0]]
        return None, None


def public(view: dict) -> dict:
    sets = []
    for row in view["sets"]:
        line = [0] * 9
        for value, count in row.items():
            line[INDEX[int(value)]] = count
        sets.append(line)
    discard = view["discard_piles"]
    return {
        "draws": list(view["draw_piles"]),
        "sizes": [pile["size"] for pile in discard],
        "tops": [None if pile["top"] is None else INDEX[pile["top"]] for pile in discard],
        "sets": sets,
        "miniatures": list(view.get("miniatures") or []),
        "supply": view.get("supply") or 0,
    }


def used_a_ninja(before: dict, after: dict) -> bool:
    """Whether a miniature went back to the supply (a card eliminated and placed by its
    owner, somewhere we cannot follow)."""
    fell = any(a < b for a, b in zip(after["miniatures"], before["miniatures"], strict=False))
    return fell or after["supply"] > before["supply"]
