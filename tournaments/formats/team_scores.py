"""Team standings from the history of a team event, without Django: match points, then
game points. No Django here.

Words: in a team round the teams are grouped in *matches* (two teams in a game of two
seats, who meet board by board; for 3-4 seats as many teams as a table has seats, one
member of each at every table). A member's *game points* at a table are the opponents
of other teams they finished above (a tie: a half each); a team's are its members' sum.
In a match, each pair of teams compares game points: the higher gets 2 match points,
a tie 1 each. A team on a bye scores as if it won its match: 2 match points per
opponent it would have met (one), and no game points."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations

from tournaments.formats.base import History

WIN, DRAW = 2, 1


@dataclass(frozen=True)
class TeamScore:
    team: int
    match_points: float
    game_points: float
    matches: int
    met: tuple  # the teams met, round by round


def matches_of_round(tables, team_of: dict) -> tuple[list[set], set]:
    """The round's matches (sets of teams that shared a table) and the teams on a bye."""
    groups: list[set] = []
    byes = set()
    for table in tables:
        teams = {team_of[k] for k in table.seats if k in team_of}
        if table.bye:
            byes |= teams
            continue
        joined = [g for g in groups if g & teams]
        merged = set(teams).union(*joined)
        groups = [g for g in groups if not g & teams] + [merged]
    in_match = set().union(*groups) if groups else set()
    return groups, byes - in_match


def game_points_of_round(tables, team_of: dict) -> dict:
    """Per team, its members' game points in the round (tables with places only)."""
    points: dict = defaultdict(float)
    for table in tables:
        if table.bye or not table.places:
            continue
        seated = list(zip(table.seats, table.places, strict=True))
        for (a, pa), (b, pb) in combinations(seated, 2):
            ta, tb = team_of.get(a), team_of.get(b)
            if ta is None or tb is None or ta == tb:
                continue
            if pa < pb:
                points[ta] += 1
            elif pb < pa:
                points[tb] += 1
            else:
                points[ta] += 0.5
                points[tb] += 0.5
    return points


def team_scores(history: History, team_of: dict) -> dict[int, TeamScore]:
    """Every team's match points, game points, matches and the teams it met."""
    match_points: dict = defaultdict(float)
    game_points: dict = defaultdict(float)
    played: dict = defaultdict(int)
    met: dict = defaultdict(list)
    for tables in history.rounds:
        groups, byes = matches_of_round(tables, team_of)
        points = game_points_of_round(tables, team_of)
        for group in groups:
            for a, b in combinations(sorted(group), 2):
                if points[a] > points[b]:
                    match_points[a] += WIN
                elif points[b] > points[a]:
                    match_points[b] += WIN
                else:
                    match_points[a] += DRAW
                    match_points[b] += DRAW
            for team in group:
                game_points[team] += points[team]
                played[team] += 1
                met[team].extend(sorted(group - {team}))
        for team in byes:
            match_points[team] += WIN
    teams = set(team_of.values())
    return {
        t: TeamScore(t, match_points[t], game_points[t], played[t], tuple(met[t])) for t in teams
    }


def team_order(scores: dict[int, TeamScore], names: dict | None = None) -> list[TeamScore]:
    """The team standings: match points, then game points, then name (then key)."""
    names = names or {}
    return sorted(
        scores.values(),
        key=lambda s: (-s.match_points, -s.game_points, names.get(s.team, ""), s.team),
    )
