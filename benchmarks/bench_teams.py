"""Team Swiss pairing (issue 43): 200 teams of 4 at tables of 4 (50 matches of four
teams a round, 200 tables), five rounds with random places; the slowest round's
pairing, the repeat team meetings and whether any table held two members of a team.
The format alone, no database.

    .venv/bin/python -m benchmarks.run --only teams
"""

import random
import time
from collections import Counter
from itertools import combinations

from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format


def team_field(teams: int, size: int) -> list[Contender]:
    return [
        Contender(key=t * size + b + 1, team=t + 1, board=b + 1)
        for t in range(teams)
        for b in range(size)
    ]


def play(teams: int, size: int, table_size: int, rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    fmt = get_format("team-swiss", {"team_size": size})
    field = team_field(teams, size)
    team_of = {c.key: c.team for c in field}
    history = History()
    slowest, clashes, meetings = 0.0, 0, Counter()
    for number in range(1, rounds + 1):
        request = PairingRequest(field, history, table_size, number, seed)
        started = time.perf_counter()
        tables = fmt.pair(request)
        slowest = max(slowest, time.perf_counter() - started)
        played = []
        for table in tables:
            teams_here = [team_of[k] for k in table.seats]
            clashes += len(teams_here) - len(set(teams_here))
            if table.bye:
                played.append(PastTable(tuple(table.seats), bye=True))
                continue
            places = list(range(1, len(table.seats) + 1))
            rng.shuffle(places)
            played.append(PastTable(tuple(table.seats), tuple(places)))
        matches = {tuple(t.explanation["teams"]) for t in tables if not t.bye}
        for match in matches:
            meetings.update(tuple(sorted(p)) for p in combinations(match, 2))
        history.rounds.append(played)
    repeats = sum(times - 1 for times in meetings.values() if times > 1)
    return {"slowest": slowest, "clashes": clashes, "repeats": repeats, "tables": len(tables)}


def run(quick=False) -> list[dict]:
    figures = play(200, 4, 4, 3 if quick else 5, seed=1)
    label = "team swiss, 200 teams of 4 at tables of 4"
    return [
        {
            "benchmark": f"{label}, slowest round",
            "value": figures["slowest"] * 1000,
            "unit": "ms",
            "target": "< 1 s",
        },
        {"benchmark": f"{label}, tables a round", "value": figures["tables"], "unit": "tables"},
        {"benchmark": f"{label}, repeat team meetings", "value": figures["repeats"], "unit": ""},
        {
            "benchmark": f"{label}, tables with two of one team",
            "value": figures["clashes"],
            "unit": "",
            "target": "0",
        },
    ]


if __name__ == "__main__":
    for line in run():
        print(line)
