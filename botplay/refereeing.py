"""Play one game between players and say what happened, faults included. No database.

Fault policy: when a seat's player is at fault (``BotFault``, or a built-in bot's
illegal move), the fault is noted with its evidence and a random legal move, drawn from
that seat's own seeded generator, is played for it. After ``forfeit_after`` faults the
seat forfeits: the bot is asked nothing more, the game is completed with random legal
moves for it, and the seat is placed last in the official result (below every seat that
did not forfeit; forfeiting seats share the last place). The record is the engine's, so
it still validates; the engine's own places stay in ``result``.
"""

import random
import time
from dataclasses import dataclass, field

from botplay.remote import BotFault, stored_evidence


@dataclass
class FaultNote:
    position: int
    kind: str
    evidence: str
    decision: int | None  # 0-based index of the decision in the whole game; None: start/end
    round_number: int | None = None
    move_number: int | None = None

    def __post_init__(self):
        self.evidence = stored_evidence(self.evidence)


@dataclass
class Outcome:
    record: dict
    result: dict
    places: list[int]
    forfeited: list[bool]
    faults: list[FaultNote] = field(default_factory=list)
    # Each decision a player was asked: [decision (0-based), seat, milliseconds taken];
    # and each seat's time per move in ms (None: a built-in bot, which has none).
    timings: list[list] = field(default_factory=list)
    limits: list[int | None] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        return list(self.result["totals"])

    def faults_of(self, position: int) -> int:
        return sum(1 for note in self.faults if note.position == position)


def _play_asking(state, players, info, note, forfeited, fallback, tick, illegal, timings) -> None:
    """Ask each decision of the seat's player, noting the time it took in ``timings``; a
    faulted or forfeited seat's decision is a random legal move from its own generator."""
    decision = 0
    while not state.is_over():
        seat = state.current_player()
        player = players[seat]
        if getattr(player, "acts_directly", False):
            player.act(state)
        elif forfeited[seat]:
            state.apply(fallback[seat].choice(state.legal_moves()))
        else:
            started = time.perf_counter()
            answered = _asked(player, state, seat, info, note, decision, illegal)
            timings.append([decision, seat, round((time.perf_counter() - started) * 1000, 1)])
            if not answered:
                state.apply(fallback[seat].choice(state.legal_moves()))
        decision += 1
        if tick is not None:
            tick()


def _asked(player, state, seat: int, info: dict, note, decision: int, illegal) -> bool:
    """Ask the seat's player for a move and apply it; False (the fault noted) when the
    player is at fault (``illegal``: the engine's exception for an illegal move)."""
    move = None
    try:
        move = player.choose(state, seat, {**info, "seat": seat})
        state.apply(move)
    except BotFault as fault:
        note(seat, fault, decision)
        return False
    except illegal as exc:
        note(seat, BotFault("illegal", f"{move!r}: {exc}"), decision)
        return False
    return True


def official_places(engine_places: list[int], forfeited: list[bool]) -> list[int]:
    """The engine's places among the seats that did not forfeit; every forfeiting seat
    shares the last place (competition ranking: 1, 2, 3, 3)."""
    keys = [
        (lost, 0 if lost else place) for lost, place in zip(forfeited, engine_places, strict=True)
    ]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def locate(record: dict, decision: int) -> tuple[int, int]:
    """(round, move), both 1-based, of the ``decision``-th move of the game."""
    for number, round_ in enumerate(record["rounds"], start=1):
        if decision < len(round_["moves"]):
            return number, decision + 1
        decision -= len(round_["moves"])
    return len(record["rounds"]), decision + 1


def play_game(
    live,
    names: list[str],
    players: list,
    seed: int,
    options: dict,
    info: dict | None = None,
    forfeit_after: int = 3,
    tick=None,
) -> Outcome:
    """Play a whole game of ``live`` (the registry's ``LivePlay``); ``tick()`` is called
    after every move (heartbeats)."""
    try:
        return _play(live, names, players, seed, options, dict(info or {}), forfeit_after, tick)
    finally:
        for player in players:
            player.close()


def _play(
    live,
    names: list[str],
    players: list,
    seed: int,
    options: dict,
    info: dict,
    forfeit_after: int,
    tick,
) -> Outcome:
    state = live.new_game(names, options, seed)
    fallback = [random.Random(f"{seed}:fallback:{seat}") for seat in range(len(names))]
    forfeited = [False] * len(names)
    faults: list[FaultNote] = []
    timings: list[list] = []

    def note(seat: int, fault: BotFault, decision: int | None) -> None:
        faults.append(FaultNote(seat, fault.kind, fault.evidence, decision))
        if sum(1 for n in faults if n.position == seat) >= forfeit_after:
            forfeited[seat] = True

    for seat, player in enumerate(players):
        try:
            player.start({**info, "seat": seat, "players": names, "options": options})
        except BotFault as fault:
            note(seat, fault, None)

    if all(getattr(player, "acts_directly", False) for player in players):
        while not state.is_over():
            players[state.current_player()].act(state)
    else:
        _play_asking(
            state, players, info, note, forfeited, fallback, tick, live.illegal_move, timings
        )

    record = state.record()
    result = state.result()
    for note_ in faults:
        if note_.decision is not None:
            note_.round_number, note_.move_number = locate(record, note_.decision)
    for seat, player in enumerate(players):
        if forfeited[seat]:
            continue  # a forfeited bot is asked nothing more
        try:
            player.end({**info, "seat": seat, "result": result, "record": record})
        except BotFault as fault:
            faults.append(FaultNote(seat, fault.kind, fault.evidence, None))
    places = official_places(result["places"], forfeited)
    return Outcome(
        record=record,
        result=result,
        places=places,
        forfeited=forfeited,
        faults=faults,
        timings=timings,
        limits=[getattr(player, "move_ms", None) for player in players],
    )
