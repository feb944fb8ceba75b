"""Bots against bots, in process: play one game, play a series, sum it up.

    played = play_game(["greedy", "search"], {"rounds": 1}, seed=7)
    played.record, played.result          # the call-to-glory/1 record and its result
    summary = summarize(games)            # per bot: games, wins, mean place and score...

A seat is a bot key, optionally with settings: ``"search:iterations=8:horizon=2"``.
The deal comes from ``random.Random(seed)`` and each seat's bot from its own seed
derived from it, so a game is reproducible from (seats, options, seed). A win is a
first place (a shared first place is a win for each seat holding it).
"""

import math
import random
import time
from dataclasses import dataclass, field

from games.call_to_glory import new_game

from . import make_bot
from .random_bot import RandomBot


@dataclass
class Played:
    seats: list  # the seat specs, in seat order
    record: dict
    result: dict
    # Per decision of a timed game: (seat, CPU seconds, wall-clock seconds).
    think_seconds: list = field(default_factory=list)


def parse_seat(spec: str) -> tuple:
    """``"search:iterations=8"`` -> ``("search", {"iterations": 8})``; ValueError if bad."""
    key, *pairs = spec.strip().split(":")
    settings = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"bad bot setting {pair!r} in {spec!r}: write name=value")
        settings[name] = _number(text)
    return key, settings


def _number(text: str):
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise ValueError(f"bot setting value {text!r} is not a number") from None


def make_seat_bots(seats: list, seed: int) -> list:
    """One bot per seat spec; ValueError naming the bad name or setting."""
    bots = []
    for position, spec in enumerate(seats):
        key, settings = parse_seat(spec)
        bots.append(make_bot(key, seed=seed * 7919 + position, **settings))
    return bots


def play_game(seats: list, options: dict, seed: int, timed: bool = False) -> Played:
    """Play one whole game between the bots named by ``seats`` (in seat order).

    The random bot picks straight from ``state.legal_moves()``, which is what its view
    would list, so no view is built for it. With ``timed`` each decision's thinking time
    is noted (seat, seconds)."""
    bots = make_seat_bots(seats, seed)
    state = new_game(
        players=[parse_seat(spec)[0] for spec in seats],
        options=options,
        rng=random.Random(seed),
    )
    times = []
    cpu, wall = time.process_time, time.perf_counter
    while not state.is_over():
        seat = state.current_player()
        bot = bots[seat]
        if type(bot) is RandomBot:
            move = bot.rng.choice(state.legal_moves())
        elif timed:
            view = state.view(seat)
            started = cpu(), wall()
            move = bot.choose(view)
            times.append((seat, cpu() - started[0], wall() - started[1]))
        else:
            move = bot.choose(state.view(seat))
        state.apply(move)
    return Played(list(seats), state.record(), state.result(), times)


def rotated(seats: list, game: int) -> list:
    """The seat order of game number ``game``: each bot moves one seat on per game."""
    shift = game % len(seats)
    return seats[-shift:] + seats[:-shift] if shift else list(seats)


def play_series(seats: list, games: int, options: dict, seed: int, timed=False, progress=None):
    """Play ``games`` games, seats rotated between games; yields each ``Played``.

    Each deal is played once per rotation (games 0 and 1 of a heads-up series share a
    deal with the seats swapped), so luck of the deal cancels out of the comparison."""
    for game in range(games):
        deal_seed = seed + game // len(seats)
        played = play_game(rotated(seats, game), options, deal_seed, timed=timed)
        if progress is not None:
            progress(game + 1, games)
        yield played


def wilson(wins: float, games: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(played_games) -> dict:
    """Per seat spec: games, wins, mean place, mean score, win rate and its 95% interval.
    A bot sitting in several seats of one game counts once per seat."""
    rows: dict = {}
    for played in played_games:
        for seat, spec in enumerate(played.seats):
            row = rows.setdefault(spec, {"games": 0, "wins": 0, "places": 0, "scores": 0})
            place = played.result["places"][seat]
            row["games"] += 1
            row["wins"] += place == 1
            row["places"] += place
            row["scores"] += played.result["totals"][seat]
    summary = {}
    for spec, row in rows.items():
        games = row["games"]
        low, high = wilson(row["wins"], games)
        summary[spec] = {
            "games": games,
            "wins": row["wins"],
            "mean_place": row["places"] / games,
            "mean_score": row["scores"] / games,
            "win_rate": row["wins"] / games,
            "win_rate_low": low,
            "win_rate_high": high,
        }
    return summary
