"""Built-in Call to Glory bots: how strong the search bot (the Hard level's engine) is
against greedy and against its first version, how long it thinks per decision, and
how fast whole bot games are played.

Strength is measured heads-up and at four players (the search bot against three
greedy bots), on the game as the rules define it by default (4 rounds) and on the
Quick Game (1 round). Each deal is played once per seat rotation, so luck of the deal
cancels out. Games are spread over every core; thinking time is each decision's CPU
time (the bot's own work, whatever else runs on the machine).

``BOTS_GAMES`` sets the games per match (default 400, 40 with ``--quick``), and
``BOTS_MATCHES`` a comma-separated subset of the match names below, so that a loaded
machine can measure one match at a time.
"""

import os
import statistics
import sys
import time

from games.call_to_glory.bots.arena import play_series

from .bots_matches import match_rows, play_match, thinking

DEFAULT_GAME = {}  # 4 rounds
QUICK_GAME = {"rounds": 1}
SEED = 20261123

# name: (seats with the measured bot first, options, target for its win rate)
MATCHES = {
    "heads-up": (["search", "greedy"], DEFAULT_GAME, ">= 70"),
    "heads-up quick": (["search", "greedy"], QUICK_GAME, ""),
    "four quick": (["search", "greedy", "greedy", "greedy"], QUICK_GAME, ">= 50"),
    "four": (["search", "greedy", "greedy", "greedy"], DEFAULT_GAME, ">= 50"),
    "first version": (["search", "search-v1"], DEFAULT_GAME, ">= 55"),
}


def games_per_second(seats: list, games: int) -> float:
    start = time.perf_counter()
    list(play_series(seats, games, QUICK_GAME, seed=1))
    return games / (time.perf_counter() - start)


def chosen(names: dict) -> list:
    wanted = os.environ.get("BOTS_MATCHES")
    if not wanted:
        return list(names)
    picked = [name.strip() for name in wanted.split(",")]
    unknown = [name for name in picked if name not in names]
    if unknown:
        raise ValueError(f"no match {unknown[0]!r} (the matches: {', '.join(names)})")
    return picked


def run(quick: bool = False) -> list[dict]:
    games = int(os.environ.get("BOTS_GAMES") or (40 if quick else 400))
    rows = []
    cpu = []
    for name in chosen(MATCHES):
        seats, options, target = MATCHES[name]
        played = play_match(seats, options, games, SEED, name)
        rows.extend(match_rows(seats, played, target))
        cpu.extend(thinking(played, "search"))
    if cpu:
        searched = sorted(c for c in cpu if c >= 1.0)
        print(f"  {len(cpu)} decisions of the search bot timed", file=sys.stderr)
        rows += [
            {
                "benchmark": "search, mean CPU time per decision",
                "value": statistics.mean(cpu),
                "unit": "ms",
                "target": "<= 50",
            },
            {
                "benchmark": "search, median CPU time per decision",
                "value": statistics.median(cpu),
                "unit": "ms",
                "target": "",
            },
            {
                "benchmark": "search, median CPU time, decisions over 1 ms",
                "value": statistics.median(searched),
                "unit": "ms",
                "target": "",
            },
            {
                "benchmark": "search, 95th percentile CPU time per decision",
                "value": sorted(cpu)[int(0.95 * (len(cpu) - 1))],
                "unit": "ms",
                "target": "",
            },
        ]
    speed_games = 20 if quick else 100
    rows += [
        {
            "benchmark": "greedy vs greedy, whole games (1 round)",
            "value": games_per_second(["greedy", "greedy"], speed_games),
            "unit": "games/s",
            "target": "",
        },
        {
            "benchmark": "random vs random, whole games (1 round)",
            "value": games_per_second(["random", "random"], speed_games),
            "unit": "games/s",
            "target": "",
        },
    ]
    return rows
