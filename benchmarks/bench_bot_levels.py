"""The levels people choose (easy, medium, hard): their win rates against each other,
the easy level against a beginner who follows the rulebook's advice, and how soon the
hard level answers at a table.

Each match is heads-up on the default game (4 rounds), each deal played twice with the
seats swapped. The answer time is the hard bot's wall-clock time per decision (its view
read and its move chosen, in process; the site adds a task hop of a few milliseconds),
at two and at four players, on whatever else the machine is running, as a person would
wait for it.

``BOTS_LEVEL_GAMES`` sets the games per match with the hard level (default 200, 40 with
``--quick``); the matches without it take seconds and always play 400.
"""

import os
import statistics

from .bots_matches import match_rows, play_match, thinking

SEED = 20261124
PAIRS = [
    (["easy", "beginner"], "< 50 (easy loses)"),
    (["easy", "medium"], ""),
    (["medium", "hard"], ""),
    (["easy", "hard"], ""),
]
TABLE = ["hard", "medium", "easy", "medium"]  # four players, the Quick Game


def percentile(values: list, share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def run(quick: bool = False) -> list[dict]:
    games = int(os.environ.get("BOTS_LEVEL_GAMES") or (40 if quick else 200))
    rows = []
    wall, cpu = [], []
    for seats, target in PAIRS:
        count = games if "hard" in seats else 400
        played = play_match(seats, {}, count, SEED, " vs ".join(seats))
        rows.extend(match_rows(seats, played, target))
        wall.extend(thinking(played, "hard", wall=True))
        cpu.extend(thinking(played, "hard"))
    table = play_match(TABLE, {"rounds": 1}, max(4, games // 10), SEED, "a table of four")
    wall4 = thinking(table, "hard", wall=True)
    rows += [
        {
            "benchmark": "hard, answer time per decision, 2p, p95 (wall)",
            "value": percentile(wall, 0.95),
            "unit": "ms",
            "target": "<= 1000",
        },
        {
            "benchmark": "hard, answer time per decision, 4p, p95 (wall)",
            "value": percentile(wall4, 0.95),
            "unit": "ms",
            "target": "<= 1000",
        },
        {
            "benchmark": "hard, slowest answer seen (wall)",
            "value": max(wall + wall4),
            "unit": "ms",
            "target": "",
        },
        {
            "benchmark": "hard, mean CPU time per decision, 2p",
            "value": statistics.mean(cpu),
            "unit": "ms",
            "target": "<= 50",
        },
    ]
    return rows
