"""Built-in Call to Glory bots: how strong the search bot is against greedy, how long it
thinks per decision, and how fast whole bot games are played.

Strength is measured heads-up on the game as the rules define it by default (4 rounds),
and on the Quick Game (1 round) beside it. The search bot plays with its default
settings (the registry's ``search``); each deal is played twice with the seats swapped.
Games are spread over every core; thinking time is each decision's CPU time (the bot's
own work, whatever else runs) and its wall-clock time (which also counts a busy machine).
"""

import os
import statistics
import sys
import time
from multiprocessing import Pool

from games.call_to_glory.bots.arena import play_game, play_series, rotated, summarize

DEFAULT_GAME = {}  # 4 rounds
QUICK_GAME = {"rounds": 1}
SEED = 20261123


def _play(args):
    game, options = args
    return play_game(rotated(["search", "greedy"], game), options, SEED + game // 2, timed=True)


def play_heads_up(games: int, options: dict, label: str) -> list:
    """Every game, in order; a count of the games played so far goes to stderr."""
    played = []
    with Pool(os.cpu_count() or 1) as pool:
        for game in pool.imap(_play, [(game, options) for game in range(games)], chunksize=2):
            played.append(game)
            print(f"\r  {label}: {len(played)}/{games} games", end="", file=sys.stderr)
    print(file=sys.stderr)
    return played


def strength_rows(label: str, played: list, target: str) -> list[dict]:
    both = summarize(played)
    summary = both["search"]
    games = summary["games"]
    return [
        {
            "benchmark": f"search vs greedy, {label}, win rate ({games} games)",
            "value": summary["win_rate"] * 100,
            "unit": "%",
            "target": target,
        },
        {
            "benchmark": f"search vs greedy, {label}, 95% interval",
            "value": f"{summary['win_rate_low'] * 100:.1f}-{summary['win_rate_high'] * 100:.1f}",
            "unit": "%",
            "target": "",
        },
        {
            "benchmark": f"search vs greedy, {label}, mean score",
            "value": f"{summary['mean_score']:.1f} to {both['greedy']['mean_score']:.1f}",
            "unit": "points",
            "target": "",
        },
    ]


def thinking_rows(played: list) -> list[dict]:
    """Per decision of the search bot: the median over every decision (draws follow the
    greedy rules at once), the mean, and the spread of the decisions it searches."""
    cpu, wall = [], []
    for game in played:
        for seat, c, w in game.think_seconds:
            if game.seats[seat] == "search":
                cpu.append(c * 1000)
                wall.append(w * 1000)
    searched = sorted(c for c in cpu if c >= 1.0)
    return [
        {
            "benchmark": "search, median CPU time per decision",
            "value": statistics.median(cpu),
            "unit": "ms",
            "target": "<= 50",
        },
        {
            "benchmark": "search, mean CPU time per decision",
            "value": statistics.mean(cpu),
            "unit": "ms",
            "target": "<= 50 (our reading of the budget)",
        },
        {
            "benchmark": "search, median wall-clock time per decision",
            "value": statistics.median(wall),
            "unit": "ms",
            "target": "",
        },
        {
            "benchmark": "search, median CPU time, decisions over 1 ms (searched)",
            "value": statistics.median(searched),
            "unit": "ms",
            "target": "",
        },
        {
            "benchmark": "search, 90th percentile, decisions over 1 ms",
            "value": searched[int(0.9 * (len(searched) - 1))],
            "unit": "ms",
            "target": "",
        },
    ]


def games_per_second(seats: list, games: int) -> float:
    start = time.perf_counter()
    list(play_series(seats, games, QUICK_GAME, seed=1))
    return games / (time.perf_counter() - start)


def run(quick: bool = False) -> list[dict]:
    games = 40 if quick else 400
    full = play_heads_up(games, DEFAULT_GAME, "default game")
    short = play_heads_up(games, QUICK_GAME, "Quick Game")
    speed_games = 20 if quick else 100
    return [
        *strength_rows("default game (4 rounds)", full, ">= 60"),
        *strength_rows("Quick Game (1 round)", short, ""),
        *thinking_rows(full + short),
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
