"""The team Swiss as a pure strategy: teams meet board by board in a game of two seats,
spread one member a team a table in games of three or four, never meet again where it
can be avoided, seeded, explained; team standings by match points, then game points."""

import random
from collections import Counter
from itertools import combinations

import pytest

from lib.refusal import Refusal
from tournaments.formats import Contender, History, PairingRequest, PastTable, get_format
from tournaments.formats.team_scores import team_order, team_scores


def field(teams: int, size: int) -> list[Contender]:
    return [
        Contender(key=t * 10 + b, name=f"T{t}B{b}", team=t, board=b)
        for t in range(1, teams + 1)
        for b in range(1, size + 1)
    ]


def team_of(contenders) -> dict:
    return {c.key: c.team for c in contenders}


def pair(contenders, table_size, history=None, number=1, seed=5, **options):
    fmt = get_format("team-swiss", {"team_size": 4, **options})
    request = PairingRequest(contenders, history or History(), table_size, number, seed)
    return fmt.pair(request)


def play_rounds(contenders, table_size, rounds, seed=3):
    rng, history, matches = random.Random(seed), History(), []
    for number in range(1, rounds + 1):
        tables = pair(contenders, table_size, history, number, seed)
        matches.append({tuple(t.explanation["teams"]) for t in tables if not t.bye})
        played = []
        for table in tables:
            places = list(range(1, len(table.seats) + 1))
            rng.shuffle(places)
            played.append(PastTable(tuple(table.seats), tuple(places), bye=table.bye))
        history.rounds.append(played)
    return history, matches


def test_two_teams_meet_board_by_board_in_a_game_of_two():
    contenders = field(2, 3)
    tables = pair(contenders, 2)
    assert len(tables) == 3
    for table in tables:
        boards = {key % 10 for key in table.seats}
        assert len(boards) == 1  # board b against board b
        assert {key // 10 for key in table.seats} == {1, 2}
        assert table.explanation["board"] == next(iter(boards))
    starters = [table.seats[0] // 10 for table in tables]
    assert len(set(starters)) == 2  # who starts alternates with the board


def test_in_games_of_four_no_table_holds_two_of_one_team():
    contenders = field(8, 2)
    tables = pair(contenders, 4)
    assert len(tables) == 4 and all(len(t.seats) == 4 for t in tables)
    teams = team_of(contenders)
    for table in tables:
        assert len({teams[k] for k in table.seats}) == 4
    assert len({tuple(t.explanation["teams"]) for t in tables}) == 2


def test_teams_do_not_meet_again_where_it_can_be_avoided():
    _history, matches = play_rounds(field(16, 2), 2, 4)
    met = Counter(pair for m in matches for pair in combinations(sorted(m), 2))
    assert max(met.values()) == 1
    _history, matches = play_rounds(field(16, 2), 4, 3)
    met = Counter(pair for m in matches for pair in combinations(sorted(m), 2))
    assert max(met.values()) == 1


def test_an_odd_count_of_teams_gives_one_team_a_bye():
    contenders = field(5, 2)
    tables = pair(contenders, 2)
    byes = [t for t in tables if t.bye]
    assert len(byes) == 2 and len({k // 10 for t in byes for k in t.seats}) == 1
    assert len([t for t in tables if not t.bye]) == 4


def test_it_is_seeded_and_ignores_the_global_random():
    contenders = field(10, 3)
    history, _matches = play_rounds(contenders, 2, 2)
    first = [t.seats for t in pair(contenders, 2, history, 3, seed=9)]
    random.seed(12345)
    random.random()
    assert [t.seats for t in pair(contenders, 2, history, 3, seed=9)] == first
    assert [t.seats for t in pair(contenders, 2, history, 3, seed=10)] != first


def test_the_explanation_names_the_match_and_who_met_before():
    contenders = field(2, 2)
    history, _matches = play_rounds(contenders, 2, 1)
    table = pair(contenders, 2, history, 2)[0]
    assert table.explanation["teams"] in ([1, 2], [2, 1])
    assert table.explanation["teams_met_before"]  # only two teams: they meet again


def test_team_standings_rank_by_match_points_then_game_points():
    members = field(4, 2)
    teams = team_of(members)
    # Team 1 beats team 2 on both boards; teams 3 and 4 share the boards (1-1).
    round_one = [
        PastTable((11, 21), (1, 2)),
        PastTable((12, 22), (1, 2)),
        PastTable((31, 41), (1, 2)),
        PastTable((42, 32), (1, 2)),
    ]
    scores = team_scores(History([round_one]), teams)
    order = [s.team for s in team_order(scores)]
    assert order[0] == 1 and order[-1] == 2
    assert scores[1].match_points == 2 and scores[1].game_points == 2
    assert scores[3].match_points == scores[4].match_points == 1
    assert scores[2].match_points == 0 and scores[2].met == (1,)


def test_a_player_in_no_team_and_a_bad_team_size_are_refused():
    with pytest.raises(Refusal) as refused:
        pair([*field(2, 1), Contender(key=99, name="Loner")], 2)
    assert refused.value.field == "team"
    with pytest.raises(Refusal) as refused:
        get_format("team-swiss", {"team_size": 0})
    assert refused.value.field == "format_options"
