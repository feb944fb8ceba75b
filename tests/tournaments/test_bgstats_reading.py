"""Reading a BG Stats file: the hand-written evening reads; a file that is not a BG
Stats export is refused with where and how it is wrong; too many entries is a 413."""

import pytest

from lib.refusal import Refusal
from tests.tournaments.bgstats_files import ANN, ZOE, evening
from tournaments.bgstats.reading import MAX_PLAYS, read_file, read_text


def refusal_of(data) -> Refusal:
    with pytest.raises(Refusal) as caught:
        read_file(data)
    return caught.value


def test_the_evening_reads_with_its_games_players_and_plays():
    file = read_file(evening())
    assert [p.name for p in file.players.values()][:2] == ["Ann Archer", "Ben Baker"]
    carcassonne = file.games[1]
    assert carcassonne.bgg_id == 822 and carcassonne.highest_wins and not carcassonne.no_points
    assert file.games[2].highest_wins is False and file.games[2].bgg_id is None
    assert file.games[3].cooperative
    first = file.plays[0]
    assert str(first.uuid) == "c0ffee00-0000-4000-8000-000000000001"
    assert first.played_at.year == 2026 and first.played_at.hour == 19
    assert first.minutes == 35 and first.game == 1
    assert [(s.player, s.score, s.seat) for s in first.scores] == [
        (ANN, "31", 0),
        (2, "24", 1),
        (ZOE, "40", 2),
    ]
    assert first.scores[0].start and first.scores[2].winner


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda f: f.pop("plays"), "plays should be a list"),
        (lambda f: f["players"].append("Ann"), "players[4] should be a JSON object"),
        (lambda f: f["players"][1].update(id=1), "players[1].id is the id of an earlier entry"),
        (lambda f: f["games"][0].update(bggId="822"), "games[0].bggId should be a whole number"),
        (lambda f: f["plays"][2].update(gameRefId=9), "plays[2].gameRefId names no game"),
        (lambda f: f["plays"][0].update(uuid="not-a-uuid"), "plays[0].uuid should be the play"),
        (lambda f: f["plays"][1].update(playDate="Tuesday"), "plays[1].playDate should be a date"),
        (
            lambda f: f["plays"][0]["playerScores"][1].update(playerRefId=99),
            "plays[0].playerScores[1].playerRefId names no player",
        ),
        (
            lambda f: f["plays"][0]["playerScores"][0].update(winner="yes"),
            "plays[0].playerScores[0].winner should be true or false",
        ),
        (lambda f: f["players"][0].update(name="x" * 81), "players[0].name has more than 80"),
        (
            lambda f: f["plays"][3].update(uuid=f["plays"][0]["uuid"]),
            "plays[3].uuid is the id of play 1 as well",
        ),
    ],
)
def test_a_file_that_is_no_bgstats_export_is_refused_naming_where(change, named):
    file = evening()
    change(file)
    refusal = refusal_of(file)
    assert named in str(refusal.message)
    assert refusal.field == "file" and refusal.http_status == 400


def test_too_many_plays_is_too_large():
    file = evening()
    file["plays"] = file["plays"] * (MAX_PLAYS // 6 + 1)
    refusal = refusal_of(file)
    assert refusal.http_status == 413 and "at most 1000 are taken" in str(refusal.message)


def test_text_that_is_no_json_is_refused():
    with pytest.raises(Refusal) as caught:
        read_text('{"players": [')
    assert "The file is not JSON" in str(caught.value.message)
    with pytest.raises(Refusal) as caught:
        read_text("[" * 100 + "]" * 100)
    assert "nest" in str(caught.value.message)
