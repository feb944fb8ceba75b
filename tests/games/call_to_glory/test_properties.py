"""Property tests: every variant combination, 2 to 4 players, random legal play."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.call_to_glory import IllegalMove, new_game, replay, validate_record
from games.call_to_glory.cards import DECK_SIZE
from games.call_to_glory.moves import ACTIONS, STRINGS

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "players": st.integers(2, 4),
        "rounds": st.integers(1, 3),
        "ninja": st.booleans(),
        "imperial_tasks": st.booleans(),
    }
)
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def started(game):
    options = {k: game[k] for k in ("rounds", "ninja", "imperial_tasks")}
    names = [f"p{i}" for i in range(game["players"])]
    return new_game(names, options, random.Random(game["seed"])), random.Random(game["seed"] + 1)


def cards_in_play(state) -> int:
    pending = state.pending[2] if state.pending else 0
    hands = sum(map(sum, state.hands))
    return hands + sum(map(sum, state.sets)) + sum(map(len, state.piles)) + pending


@FEW
@given(games)
def test_random_legal_play_keeps_all_110_cards(game):
    state, rng = started(game)
    while not state.is_over():
        if state.logs and state.phase < 6:
            assert cards_in_play(state) == DECK_SIZE
        state.apply(rng.choice(state.legal_moves()))


@FEW
@given(games, st.floats(0, 1))
def test_a_played_game_s_record_validates_to_the_same_result(game, stop):
    state, rng = started(game)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    assert validate_record(json.dumps(state.record())) == state.result()
    partial, rng = started(game)
    total = sum(map(len, state.logs))
    for _ in range(int(total * stop)):
        partial.apply(rng.choice(partial.legal_moves()))
    assert validate_record(partial.record()) == partial.result()


def step_by_step(record):
    """The verdict of replaying with the checked state API, move by move."""
    try:
        state = replay(record)
    except ValueError as exc:
        return str(exc)
    return state.result()


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 10**6), st.integers(0, 10**6))
def test_a_one_move_mutation_is_rejected_at_the_mutated_move_or_replays_consistently(
    game, where, what
):
    state, rng = started(game)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    record = state.record()
    r = where % len(record["rounds"])
    moves = record["rounds"][r]["moves"]
    k = (where // 7) % len(moves)
    seat = what % game["players"]
    moves[k] = STRINGS[seat][what % len(STRINGS[seat])]
    verdict = validate_record(record)
    before = replay(record, sum(len(x["moves"]) for x in record["rounds"][:r]) + k)
    try:
        before.apply(moves[k])
    except IllegalMove as exc:
        assert verdict["error"] == {"round": r + 1, "move": k + 1, "text": moves[k],
                                    "reason": exc.reason}  # fmt: skip
        return
    expected = step_by_step(record)
    if verdict["valid"]:
        assert verdict == expected
    else:
        error = verdict["error"]
        assert (error["round"], error["move"] or 0) >= (r + 1, k + 1)
        if error["move"] is not None:
            where = f"round {error['round']}, move {error['move']} {error['text']!r}: "
            assert expected == where + error["reason"]


@FEW
@given(games, st.integers(0, 400))
def test_two_states_differing_only_in_hidden_cards_give_the_same_view(game, steps):
    state, rng = started(game)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    for seat in range(game["players"]):
        other = state.determinize(seat, random.Random(steps))
        assert other.view(seat) == state.view(seat)
        if other.logs and other.phase < 6:
            assert cards_in_play(other) == DECK_SIZE
        json.dumps(other.view(seat))


@FEW
@given(games)
def test_the_global_random_does_not_change_a_game(game):
    def play(disturb):
        state, rng = started(game)
        step = 0
        while not state.is_over():
            step += 1
            if disturb:
                random.seed(step)
                random.shuffle(list(range(10)))
            state.apply(rng.choice(state.legal_moves()))
        return state.record()

    assert play(False) == play(True)


@FEW
@given(games, st.integers(0, 300))
def test_a_clone_is_independent_and_plays_the_same(game, steps):
    state, rng = started(game)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    copy = state.clone()
    assert copy.record() == state.record() and copy.view(0) == state.view(0)
    if not copy.is_over():
        copy.apply(copy.legal_moves()[0])
        assert copy.record() != state.record()


@FEW
@given(games, st.integers(0, 10**6))
def test_the_legal_moves_are_exactly_the_moves_the_checked_apply_accepts(game, seed):
    state, rng = started(game)
    stops = random.Random(seed)
    while not state.is_over():
        if stops.random() < 0.2:
            seat = state.current_player()
            legal = set(state.legal_actions())
            for other in range(game["players"]):
                for action in range(ACTIONS):
                    accepted = state.check_action(other, action) is None
                    assert accepted == (other == seat and action in legal), (
                        STRINGS[other][action],
                        state.check_action(other, action),
                    )
        state.apply(rng.choice(state.legal_moves()))
