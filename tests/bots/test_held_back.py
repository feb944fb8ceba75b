"""Issue 46: an uploaded bot whose source has not passed its probe game plays nowhere:
no batch (page, API, command's service), no ladder, no event. No worker runs here, so a
new upload stays being checked; a new version holds nothing back."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bots.ladders import do_save_ladder
from bots.models import Batch, Bot, Ladder, SourceCheck, WorkStatus
from bots.scheduling import do_schedule_batch
from bots.uploads import do_register_uploaded_bot, do_replace_source, read_source
from lib.refusal import Refusal
from play.models import GameSeat
from tournaments.entrants import do_add_entrant

pytestmark = pytest.mark.django_db

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()
HELD = "Newby cannot play yet: its source has not passed its probe game."


@pytest.fixture
def newby(player):
    """An uploaded bot of the player's whose first source waits for its probe game."""
    source = read_source(SimpleUploadedFile("bot.py", GOOD))
    return do_register_uploaded_bot(player, Bot(name="Newby"), source)


def test_a_bot_being_checked_is_not_scheduled(player, builtin_bot, newby):
    with pytest.raises(Refusal, match=HELD):
        do_schedule_batch(player, Batch.Kind.SINGLE, [[newby, builtin_bot("Randy")]])
    assert not Batch.objects.exists()


def test_a_bot_being_checked_is_refused_by_the_api_and_the_batch_page(
    client_for, player, builtin_bot, newby
):
    randy = builtin_bot("Randy")
    response = client_for(player).post(
        "/api/bot-batches/",
        {"schedule": "single", "bots": [newby.pk, randy.pk]},
        content_type="application/json",
    )
    assert response.status_code == 400 and response.json()["detail"] == HELD
    sent = {"kind": "single", "bots": [newby.pk, randy.pk], "games": 1, "table_size": 2}
    page = client_for(player).post("/bots/batches/new/", {**sent, "rounds": 1})
    assert page.status_code == 400 and HELD in page.content.decode()
    assert not Batch.objects.exists()


def test_a_bot_being_checked_joins_no_ladder_and_no_event(player, builtin_bot, newby, event):
    with pytest.raises(Refusal, match=HELD):
        do_save_ladder(player, Ladder(name="Climb"), [newby, builtin_bot("Randy")])
    assert not Ladder.objects.exists()
    with pytest.raises(Refusal, match=HELD):
        do_add_entrant(event, bot=newby, by=player)
    assert not event.entrants.exists()


def test_a_refused_bot_is_held_back_too(player, builtin_bot, newby):
    SourceCheck.objects.filter(bot=newby).update(status=WorkStatus.FAILED, evidence="crashed")
    with pytest.raises(Refusal, match=HELD):
        do_schedule_batch(player, Batch.Kind.SINGLE, [[newby, builtin_bot("Randy")]])


def test_a_new_version_being_checked_holds_the_playing_bot_back_from_nothing(
    player, builtin_bot, uploaded_bot
):
    bot = uploaded_bot("Player", GOOD)
    do_replace_source(bot, read_source(SimpleUploadedFile("v2.py", GOOD + b"\n")))
    assert SourceCheck.objects.get(bot=bot).status == WorkStatus.QUEUED
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[bot, builtin_bot("Randy")]])
    assert batch.total == 1


def test_a_bot_being_checked_stays_editable_by_its_author(client_for, player, newby):
    response = client_for(player).patch(
        f"/api/bots/{newby.pk}/", {"description": "waits"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert Bot.objects.get(pk=newby.pk).description == "waits"
    sent = {"name": "Newby", "kind": "uploaded", "game": "call-to-glory", "settings": "{}",
            "move_timeout_ms": 400, "time_bank_ms": 5000, "description": "still waits"}  # fmt: skip
    page = client_for(player).post(f"/bots/{newby.pk}/edit/", sent)
    assert page.status_code == 302, page.content.decode()[-800:]
    assert Bot.objects.get(pk=newby.pk).move_timeout_ms == 400


def test_no_uploaded_bot_sits_at_a_site_game_where_the_web_would_run_it(
    client_for, player, uploaded_bot
):
    """Issue 46: uploads run on the bots workers only, even one that passed its check."""
    bot = uploaded_bot("Passed", GOOD)
    seats = [{"username": player.username}, {"bot": bot.name}]
    body = {"game": "call-to-glory", "options": {"rounds": 1}, "seats": seats}
    for path in ("/api/play/", "/api/play/challenges/"):
        response = client_for(player).post(path, body, content_type="application/json")
        assert response.status_code == 400, response.content
        assert "Passed is an uploaded bot" in response.json()["detail"]
    assert not GameSeat.objects.exists()
