"""Matches between built-in bots for the bot benchmarks: played over every core with
each decision timed, and summed up as benchmark rows."""

import os
import sys
from multiprocessing import Pool

from games.call_to_glory.bots.arena import play_game, rotated, summarize


def _play(args):
    seats, options, seed, game = args
    return play_game(rotated(seats, game), options, seed + game // len(seats), timed=True)


def play_match(seats: list, options: dict, games: int, seed: int, label: str) -> list:
    """``games`` games, seats rotated, each deal once per rotation; progress to stderr."""
    played = []
    work = [(seats, options, seed, game) for game in range(games)]
    with Pool(os.cpu_count() or 1) as pool:
        for game in pool.imap(_play, work, chunksize=1):
            played.append(game)
            print(f"\r  {label}: {len(played)}/{games} games", end="", file=sys.stderr)
    print(file=sys.stderr)
    return played


def match_rows(seats: list, played: list, target: str) -> list[dict]:
    """Win rate (with its 95% interval) and mean scores of ``seats[0]`` against the rest."""
    summary = summarize(played)
    me, other = seats[0], seats[1]
    row = summary[me]
    against = f"{me} vs {other}" + (f" x{len(seats) - 1}" if len(seats) > 2 else "")
    rounds = played[0].record["options"]["rounds"]
    name = f"{against}, {len(seats)}p, {rounds} round{'s' if rounds > 1 else ''}"
    return [
        {
            "benchmark": f"{name}, win rate ({row['games']} games)",
            "value": row["win_rate"] * 100,
            "unit": "%",
            "target": target,
        },
        {
            "benchmark": f"{name}, 95% interval",
            "value": f"{row['win_rate_low'] * 100:.1f}-{row['win_rate_high'] * 100:.1f}",
            "unit": "%",
            "target": "",
        },
        {
            "benchmark": f"{name}, mean score",
            "value": f"{row['mean_score']:.1f} to {summary[other]['mean_score']:.1f}",
            "unit": "points",
            "target": "",
        },
    ]


def thinking(played: list, key: str, wall: bool = False) -> list:
    """Milliseconds per decision of the bot ``key``: CPU time, or wall-clock time."""
    return [
        (w if wall else c) * 1000
        for game in played
        for seat, c, w in game.think_seconds
        if game.seats[seat] == key
    ]
