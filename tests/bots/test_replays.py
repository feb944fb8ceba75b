"""Any stored game replays: a bot match, an event result's record, or a record pasted
on the replay page (kept, so its replay has a link). Each step has its own address."""

import json
from pathlib import Path

import pytest

from bots.matches import do_play_match
from bots.models import Batch
from bots.scheduling import do_schedule_batch
from games.models import GameRecord
from tournaments.models import Result

pytestmark = pytest.mark.django_db

EXAMPLE = Path("tests/games/call_to_glory/fixtures/rulebook-60-36.json")


@pytest.fixture
def example_record():
    return json.loads(EXAMPLE.read_text())


@pytest.fixture
def played_match(player, builtin_bot):
    batch = do_schedule_batch(
        player, Batch.Kind.SINGLE, [[builtin_bot("Randy"), builtin_bot("Greta")]], seed=21
    )
    match = batch.matches.get()
    do_play_match(match.pk)
    match.refresh_from_db()
    return match


def test_a_bot_match_replays_move_by_move(client, played_match):
    moves = [m for r in played_match.record["rounds"] for m in r["moves"]]

    page = client.get(f"/bots/matches/{played_match.pk}/?step=3").content.decode()

    assert f"3 / {len(moves)}" in page
    assert 'class="current"' in page and moves[2] in page
    assert "?step=4" in page and "?step=2" in page


def test_a_step_past_the_end_shows_the_last_position_and_the_scores(client, played_match):
    moves = [m for r in played_match.record["rounds"] for m in r["moves"]]
    page = client.get(f"/bots/matches/{played_match.pk}/?step=99999").content.decode()

    assert f"{len(moves)} / {len(moves)}" in page
    for total in played_match.result["totals"]:
        assert str(total) in page


def test_the_record_downloads_as_json(client, played_match):
    response = client.get(f"/bots/matches/{played_match.pk}/record.json")
    assert response["Content-Disposition"].startswith("attachment;")
    assert json.loads(response.content) == played_match.record


def test_an_event_results_record_replays(client, table, example_record):
    result = Result.objects.create(
        table=table,
        event=table.round.event,
        source=Result.Source.RECORD,
        detail={"record": example_record},
    )
    page = client.get(f"/bots/results/{result.pk}/replay/?step=1").content.decode()
    assert example_record["rounds"][0]["moves"][0] in page


def test_a_pasted_record_is_kept_and_replays_at_its_own_address(client, example_record):
    response = client.post("/bots/replay/", {"text": json.dumps(example_record)})

    stored = GameRecord.objects.get()
    assert response["Location"] == f"/bots/records/{stored.key}/"
    assert stored.record == example_record
    assert client.get(response["Location"]).status_code == 200


def test_an_invalid_record_is_refused_with_the_validators_reason(client, example_record):
    example_record["rounds"][0]["moves"][0] = "1 draw D1"
    page = client.post("/bots/replay/", {"text": json.dumps(example_record)}).content.decode()

    assert "This record is not valid: round 1, move 1" in page
    assert not GameRecord.objects.exists()


def test_a_three_player_game_with_both_variants_replays_in_every_round(client, player, builtin_bot):
    bots = [builtin_bot(name) for name in ["A", "B", "C"]]
    options = {"rounds": 2, "imperial_tasks": True, "ninja": True}
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [bots], options=options, seed=4)
    match = batch.matches.get()
    do_play_match(match.pk)
    match.refresh_from_db()
    first_round = len(match.record["rounds"][0]["moves"])

    for step in (first_round - 1, first_round + 5, 10_000):
        page = client.get(f"/bots/matches/{match.pk}/?step={step}&seat=2")
        assert page.status_code == 200
    last = page.content.decode()
    assert "round 2" in last
    assert "Tasks:" in last


def test_the_replays_piles_are_said_in_words(client, played_match):
    page = client.get(f"/bots/matches/{played_match.pk}/?step=1").content.decode()
    piles = page.split('class="card piles-said"')[1].split("</div>")[0]
    assert "left draw pile:" in piles and "right draw pile:" in piles
    assert "left discard:" in piles and "right discard:" in piles
    for code in ("D1", "D2", "X1", "X2", "(0)"):
        assert code not in piles, code
