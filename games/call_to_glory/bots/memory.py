"""Remembering what the opponent took from the discard piles (heads-up games).

The view has no move log, but a player at a real table sees the opponent take a face-up
card. Between the last decision of our turn and the first of our next one, the
opponent played exactly one turn; comparing the view we expected after our own move
with the one we get tells how many cards they drew blind and which discard tops they
took, and what they discarded or laid. Cards taken and not yet laid or discarded are
known to be in their hand. Anything we cannot read for certain (a displaced set or an
eliminated card placed by its owner, more than one opponent, a new round) makes us
forget, never guess: the memory is only ever a subset of what a table player knows.
"""

from .sim import INDEX, PILE_INDEX


class Memory:
    def __init__(self):
        self.held = None  # counts per value index of cards the opponent is known to hold
        # What the opponent's last turn says about the hand (``Clue``), or None.
        self.clue = None
        self.expected = None  # the public piles and sets expected after our last move
        self.round = None

    def observe(self, view: dict) -> list | None:
        """Read the opponent's turn from ``view`` if possible; the opponent's known cards
        (counts per value index) or None."""
        me = view["seat"]
        if len(view["players"]) != 2 or view["phase"] in ("pile", "reveal"):
            self.expected = None
            return None
        if view["round"] != self.round:
            self.round = view["round"]
            self.held = [0] * 9
            self.expected = None
            self.clue = None
        expected, self.expected = self.expected, None
        fresh_turn = view["phase"] == "draw" and not view.get("first_draw")
        if fresh_turn and view["turn"] == me:
            self.clue = None
            if expected is None:
                self.held = [0] * 9  # a turn we could not follow
            else:
                self._read_turn(expected, public(view), 1 - me, view["hand_sizes"][1 - me])
        return self.held

    def expect(self, view: dict, move: str) -> None:
        """Note the public state that ``move`` (ours, just chosen) leaves, when certain."""
        if len(view["players"]) != 2 or view["phase"] not in ("act", "end"):
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
            if state["sets"][1 - view["seat"]][i]:
                return  # the opponent places the displaced set where it likes
            state["sets"][view["seat"]][i] = int(words[3])
        elif verb != "end":
            return
        self.expected = state

    def _read_turn(self, before: dict, after: dict, them: int, hand_size: int) -> None:
        blind = sum(before["draws"]) - sum(after["draws"])
        taken_piles = 2 - blind
        grown = [i for i in range(9) if after["sets"][them][i] > before["sets"][them][i]]
        if taken_piles not in (0, 1, 2) or len(grown) > 1:
            self.held = [0] * 9
            return
        change = [after["sizes"][p] - before["sizes"][p] for p in (0, 1)]
        laid = grown[0] if grown else None
        taken, discarded = self._taken(before, after, change, taken_piles, laid is not None)
        if taken is None:
            self.held = [0] * 9
            return
        if blind and discarded is not None:
            passed = [top for p, top in enumerate(before["tops"]) if top is not None]
            for card in taken:
                passed.remove(card)
            self.clue = (discarded, passed)
        held = self.held
        for card in taken:
            held[card] += 1
        if discarded is not None and held[discarded]:
            held[discarded] -= 1
        if laid is not None:
            held[laid] = 0
        if sum(held) > hand_size:
            self.held = [0] * 9

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
    }
