"""Issue 46: an uploaded source plays its probe game on a ``bots`` worker, never in the
request. It becomes the bot's once passed; one that does not speak the protocol is
refused with the referee's evidence (bot page, API, an e-mail to its author) and the
version before plays on; a check whose worker died is sent again by the stale-work
sweep; a check played twice is decided once."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart
from django.utils import timezone

from accounts.models import Notice
from bots.models import Batch, Bot, BotUpload, SourceCheck, WorkStatus
from bots.probes import do_probe_source
from bots.scheduling import do_schedule_batch
from bots.tasks import requeue_stale_work
from bots.uploads import read_source, upload_fields
from tests.fixtures.worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()
WRONG_PROTOCOL = b"import sys\nfor line in sys.stdin:\n    print('my move, please', flush=True)\n"


def upload_on_the_page(client, name: str, content: bytes):
    return client.post(
        "/bots/upload/",
        {
            "name": name,
            "game": "call-to-glory",
            "description": "",
            "move_timeout_ms": 500,
            "time_bank_ms": 5000,
            "source": SimpleUploadedFile("mine.py", content),
            "entry_point": "",
        },
    )


def decided(bot) -> SourceCheck | None:
    return SourceCheck.objects.filter(
        bot=bot, status__in=[WorkStatus.DONE, WorkStatus.FAILED]
    ).first()


def test_a_new_bot_plays_once_the_worker_passed_its_probe_game(
    celery_worker, client_for, player, builtin_bot
):
    assert upload_on_the_page(client_for(player), "Uppy", GOOD).status_code == 302
    bot = Bot.objects.get(name="Uppy")
    check = wait_for(lambda: decided(bot), what="the probe game")
    assert (check.status, check.evidence, check.attempts) == (WorkStatus.DONE, "", 1)
    assert BotUpload.objects.get(bot=bot).files() == {"bot.py": GOOD}
    page = client_for(player).get(f"/bots/{bot.pk}/").content.decode()
    assert "Being checked" not in page and check.sha256[:12] in page
    batch = do_schedule_batch(player, Batch.Kind.SINGLE, [[bot, builtin_bot("Randy")]])
    assert batch.total == 1
    assert not Notice.objects.exists()


def test_an_upload_that_does_not_speak_the_protocol_is_refused_with_the_evidence(
    celery_worker, client_for, player, other_player
):
    assert upload_on_the_page(client_for(player), "Wrongo", WRONG_PROTOCOL).status_code == 302
    bot = Bot.objects.get(name="Wrongo")
    check = wait_for(lambda: decided(bot), what="the probe game")
    assert check.status == WorkStatus.FAILED and "my move, please" in check.evidence
    assert not BotUpload.objects.filter(bot=bot).exists()
    page = client_for(player).get(f"/bots/{bot.pk}/").content.decode()
    assert "Refused in its probe game: mine.py did not play by the protocol." in page
    answer = client_for(player).get(f"/api/bots/{bot.pk}/").json()["source_check"]
    assert answer["status"] == "failed" and answer["evidence"] == check.evidence
    assert client_for(other_player).get(f"/api/bots/{bot.pk}/").json()["source_check"] is None
    (notice,) = Notice.objects.filter(user=player)
    assert "Wrongo" in notice.subject and check.evidence in notice.body
    assert f"/bots/{bot.pk}/source/" in notice.body


def test_a_new_version_refused_by_its_probe_game_leaves_the_last_one_playing(
    celery_worker, client_for, player, uploaded_bot
):
    bot = uploaded_bot("Steady", GOOD)
    fields = {"source": SimpleUploadedFile("v2.py", WRONG_PROTOCOL), "entry_point": ""}
    response = client_for(player).put(
        f"/api/bots/{bot.pk}/source/",
        encode_multipart(BOUNDARY, fields),
        content_type=MULTIPART_CONTENT,
    )
    assert response.status_code == 200 and response.json()["source_check"]["status"] == "queued"
    check = wait_for(lambda: decided(bot), what="the probe game")
    assert check.status == WorkStatus.FAILED and check.filename == "v2.py"
    assert BotUpload.objects.get(bot=bot).files() == {"bot.py": GOOD}
    answer = client_for(player).get(f"/api/bots/{bot.pk}/").json()["source_check"]
    assert answer["status"] == "failed" and "my move, please" in answer["evidence"]
    assert Notice.objects.filter(user=player, subject__contains="Steady").count() == 1


def test_a_check_whose_worker_died_is_played_again_by_the_sweep_and_decided_once(
    celery_worker, player
):
    bot = Bot.objects.create(name="Orphan", owner=player, kind=Bot.Kind.UPLOADED)
    long_ago = timezone.now() - timedelta(minutes=10)
    check = SourceCheck.objects.create(  # as a worker that died mid-game leaves it
        bot=bot,
        **upload_fields(read_source(SimpleUploadedFile("bot.py", WRONG_PROTOCOL))),
        status=WorkStatus.RUNNING,
        claimed_at=long_ago,
        attempts=1,
        created_at=long_ago,
    )
    assert requeue_stale_work() == 1
    check = wait_for(lambda: decided(bot), what="the swept probe game")
    assert check.status == WorkStatus.FAILED and check.attempts == 2
    assert do_probe_source(check.pk) == ""  # delivered again: nothing to do
    assert SourceCheck.objects.get(pk=check.pk).attempts == 2
    assert Notice.objects.filter(user=player).count() == 1
