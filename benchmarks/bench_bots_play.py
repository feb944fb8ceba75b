"""Built-in Call to Glory bots: how strong the search bot is against greedy, how long it
thinks per decision, and how fast whole bot games are played (Quick Game, one round).

The search bot plays with its default settings (the registry's ``search``); heads-up,
each deal is played twice with the seats swapped. Thinking time is measured as CPU time
(the bot's own work) and as wall-clock time (which also counts a busy machine)."""

import statistics
import time

from games.call_to_glory.bots.arena import play_series, summarize

OPTIONS = {"rounds": 1}


def run(quick: bool = False) -> list[dict]:
    games = 40 if quick else 400
    played = list(play_series(["search", "greedy"], games, OPTIONS, seed=20261123, timed=True))
    summary = summarize(played)["search"]
    cpu = sorted(
        c * 1000
        for game in played
        for seat, c, _ in game.think_seconds
        if game.seats[seat] == "search"
    )
    wall = sorted(
        w * 1000
        for game in played
        for seat, _, w in game.think_seconds
        if game.seats[seat] == "search"
    )
    start = time.perf_counter()
    speed_games = 20 if quick else 100
    list(play_series(["greedy", "greedy"], speed_games, OPTIONS, seed=1))
    greedy_rate = speed_games / (time.perf_counter() - start)
    start = time.perf_counter()
    list(play_series(["random", "random"], speed_games, OPTIONS, seed=1))
    random_rate = speed_games / (time.perf_counter() - start)
    return [
        {
            "benchmark": f"search vs greedy, win rate ({games} games)",
            "value": summary["win_rate"] * 100,
            "unit": "%",
            "target": ">= 60",
        },
        {
            "benchmark": "search vs greedy, win rate 95% interval low",
            "value": summary["win_rate_low"] * 100,
            "unit": "%",
            "target": "",
        },
        {
            "benchmark": "search vs greedy, win rate 95% interval high",
            "value": summary["win_rate_high"] * 100,
            "unit": "%",
            "target": "",
        },
        {
            "benchmark": "search, median CPU time per decision",
            "value": statistics.median(cpu),
            "unit": "ms",
            "target": "<= 50",
        },
        {
            "benchmark": "search, 90th percentile CPU time per decision",
            "value": cpu[int(0.9 * (len(cpu) - 1))],
            "unit": "ms",
            "target": "",
        },
        {
            "benchmark": "search, median wall-clock time per decision",
            "value": statistics.median(wall),
            "unit": "ms",
            "target": "<= 50 on an idle machine",
        },
        {
            "benchmark": "greedy vs greedy, whole games (1 round)",
            "value": greedy_rate,
            "unit": "games/s",
            "target": "",
        },
        {
            "benchmark": "random vs random, whole games (1 round)",
            "value": random_rate,
            "unit": "games/s",
            "target": "",
        },
    ]
