"""A Swiss of teams (option ``team_size``: N players a team). Each round groups the teams
in matches as the Swiss groups entrants at tables (``swiss.pair_by_cost``, with teams
for entrants and team meetings for meetings): teams close in the team standings meet,
no team meets another again where that can be avoided. A match of two teams (a game of
two seats) is N tables, board by board (board 1 against board 1); a match of three or
four teams (a game of as many seats) is N tables too, one member of each team at every
table, so no table holds two members of one team. Who starts rotates with the board
and the round. A team left without a match (an odd count, fill ``byes``) has a bye.

The team standings (``team_scores``): match points, then game points."""

from __future__ import annotations

import random

from lib.refusal import Refusal
from tournaments.formats.base import (
    Contender,
    Format,
    History,
    PairingRequest,
    PastTable,
    PlannedTable,
    gettext_noop,
)
from tournaments.formats.seating import FILL_BYES, FILL_SMALLER
from tournaments.formats.swiss import pair_by_cost
from tournaments.formats.team_scores import matches_of_round, team_order, team_scores

MAX_TEAM_SIZE = 12


def members_by_team(contenders: list[Contender]) -> dict[int, list[int]]:
    """Each team's members by board (then key); a contender in no team is refused."""
    teams: dict[int, list[Contender]] = {}
    for contender in contenders:
        if not contender.team:
            raise Refusal(
                f"Team Swiss: {contender.name or contender.key} is in no team", field="team"
            )
        teams.setdefault(contender.team, []).append(contender)
    return {
        team: [c.key for c in sorted(members, key=lambda c: (c.board, c.key))]
        for team, members in teams.items()
    }


def team_history(history: History, team_of: dict) -> History:
    """The history with teams for entrants: each past match as one table of teams."""
    rounds = []
    for tables in history.rounds:
        groups, byes = matches_of_round(tables, team_of)
        rounds.append(
            [PastTable(seats=tuple(sorted(g))) for g in groups]
            + [PastTable(seats=(team,), bye=True) for team in sorted(byes)]
        )
    return History(rounds=rounds)


class TeamSwiss(Format):
    key = "team-swiss"
    name = gettext_noop("Team Swiss")
    reviews_pairings_from = 8
    has_teams = True
    options = {"team_size": 2, "fill": FILL_SMALLER}
    option_help = {
        "team_size": gettext_noop("players a team (1 to 12)"),
        "fill": gettext_noop(
            "when the teams do not fill whole matches: 'byes' or 'smaller' matches"
        ),
    }
    standings_lead = ("points",)

    def __init__(self, **options):
        super().__init__(**options)
        if not 1 <= self.settings["team_size"] <= MAX_TEAM_SIZE:
            raise Refusal(
                f"Team Swiss: team_size must be 1 to {MAX_TEAM_SIZE}", field="format_options"
            )
        if self.settings["fill"] not in (FILL_SMALLER, FILL_BYES):
            raise Refusal(
                f"Team Swiss: fill must be {FILL_SMALLER!r} or {FILL_BYES!r}",
                field="format_options",
            )

    def pair(self, request: PairingRequest) -> list[PlannedTable]:
        rng = random.Random(f"{request.seed}:team-swiss:{request.round_number}")
        members = members_by_team(request.contenders)
        team_of = {key: team for team, keys in members.items() for key in keys}
        scores = team_scores(request.history, team_of)
        order = team_order(scores)
        teams = [
            Contender(key=s.team, points=s.match_points, rank=rank)
            for rank, s in enumerate(order, start=1)
        ]
        matches = pair_by_cost(
            PairingRequest(
                contenders=teams,
                history=team_history(request.history, team_of),
                table_size=request.table_size,
                round_number=request.round_number,
                seed=request.seed,
            ),
            rng,
            self.settings["fill"],
            standings=True,
        )
        planned = []
        for number, match in enumerate(matches, start=1):
            planned += boards_of(match, number, members, scores, request.round_number)
        return planned


def boards_of(match: PlannedTable, number: int, members, scores, round_number) -> list:
    """The match's tables, board by board: at board b, member b of each team, who
    starts rotating with the board and the round; a seat alone is a bye."""
    teams = match.seats
    boards = max(len(members[t]) for t in teams)
    why = {
        "team_match": number,
        "teams": list(teams),
        "team_points": {str(t): scores[t].match_points for t in teams},
        "teams_met_before": [
            [a, b] for i, a in enumerate(teams) for b in teams[i + 1 :] if b in scores[a].met
        ],
        "team_bye": match.bye,
    }
    if match.explanation.get("score_group"):
        why["score_group"] = match.explanation["score_group"]  # of match points
    tables = []
    for board in range(boards):
        seats = [members[t][board] for t in teams if board < len(members[t])]
        turn = (board + round_number) % len(seats)
        seats = seats[turn:] + seats[:turn]
        alone = len(seats) == 1
        note = {**why, "board": board + 1, **({"bye": True} if alone else {})}
        tables.append(PlannedTable(seats=seats, explanation=note, bye=alone))
    return tables
