"""The search bot's memory of cards the other players took from the discard piles: it
never claims a card a player does not hold, and it does learn some, heads-up and at
3-4 players."""

import random

import pytest

from games.call_to_glory import new_game
from games.call_to_glory.bots.memory import Memory
from games.call_to_glory.bots.sim import VALUES

from .helpers import bot


@pytest.mark.parametrize("options", [{"rounds": 2}, {"rounds": 1, "ninja": True}])
def test_remembered_cards_are_always_in_the_opponents_hand(options):
    learned = 0
    for seed in range(6):
        state = new_game(players=["me", "them"], options=options, rng=random.Random(seed))
        players = [bot("greedy", 0), bot("random" if seed % 2 else "greedy", 1)]
        memory = Memory()
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if seat == 0:
                held = memory.observe(view)
                if held is not None:
                    assert held[0] is None
                    assert all(k <= h for k, h in zip(held[1], state.hands[1], strict=True))
                    learned += sum(held[1])
                move = players[0].choose(view)
                memory.expect(view, move)
            else:
                move = players[1].choose(view)
            state.apply(move)
    assert learned > 0


def test_a_clue_names_the_card_the_opponent_really_discarded():
    """The clue read from the opponent's turn: the card it discarded, and tops it left
    that were really on the piles when it drew blind."""
    clues = 0
    for seed in range(4):
        state = new_game(players=["me", "them"], options={"rounds": 1}, rng=random.Random(seed))
        players = [bot("greedy", 0), bot("greedy", 1)]
        memory = Memory()
        discarded = None
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if seat == 0:
                memory.observe(view)
                if memory.clue is not None and view["phase"] == "draw":
                    assert VALUES[memory.clue[0]] == discarded
                    clues += 1
                move = players[0].choose(view)
                memory.expect(view, move)
            else:
                move = players[1].choose(view)
                if " discard " in move:
                    discarded = int(move.split()[2])
            state.apply(move)
    assert clues > 20


@pytest.mark.parametrize(
    ("seats", "options", "learns"),
    [
        (["greedy", "greedy", "greedy"], {"rounds": 2}, True),
        (["greedy", "greedy", "greedy", "greedy"], {"rounds": 2}, True),
        # Players who throw anything, and ninjas: nothing wrong is remembered.
        (["greedy", "random", "easy", "greedy"], {"rounds": 1, "ninja": True}, False),
    ],
)
def test_at_three_and_four_players_remembered_cards_are_in_those_hands(seats, options, learns):
    """Read from the change of the piles and tables between two of our turns only, the
    memory never claims a card a player does not hold, and it does learn some (little:
    who took a face-up card is seldom certain when two or three turns passed)."""
    learned = [0] * len(seats)
    for seed in range(4):
        state = new_game(players=list(seats), options=options, rng=random.Random(seed))
        players = [bot(key, 10 * seed + seat) for seat, key in enumerate(seats)]
        memory = Memory()
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            move = players[seat].choose(view)
            if seat == 0:
                held = memory.observe(view)
                for q in range(1, len(seats)):
                    if held is not None:
                        assert all(k <= h for k, h in zip(held[q], state.hands[q], strict=True)), (
                            q,
                            held[q],
                            state.hands[q],
                        )
                        learned[q] += sum(held[q])
                memory.expect(view, move)
            state.apply(move)
    assert sum(learned) > 0 or not learns, learned
