"""Uploading a bot, on its page and through the API: only a logged-in author, only a
Python file or a small zip with its entry point, sizes capped on every path, a syntax
error refused (400) with its line before the bot can be scheduled. What passes waits for
its probe game on a worker (tests/bots/test_probe_game_through_the_worker.py); no
worker runs here, so it stays being checked."""

import io
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from botplay.bundles import MEMBERS, UNPACKED_BYTES, UPLOAD_BYTES
from bots.models import Bot, BotUpload, SourceCheck, WorkStatus

pytestmark = pytest.mark.django_db

GOOD = (Path(__file__).resolve().parents[2] / "examples/uploaded_bot/bot.py").read_bytes()


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def page_upload(client, name="Uppy", content=GOOD, filename="mine.py", entry_point=""):
    return client.post(
        "/bots/upload/",
        {
            "name": name,
            "game": "call-to-glory",
            "description": "",
            "move_timeout_ms": 500,
            "time_bank_ms": 5000,
            "source": SimpleUploadedFile(filename, content),
            "entry_point": entry_point,
        },
    )


def test_a_python_file_uploaded_on_the_page_is_a_bot_being_checked(client_for, player):
    response = page_upload(client_for(player))
    bot = Bot.objects.get(name="Uppy")
    assert response.status_code == 302 and response.url == f"/bots/{bot.pk}/"
    assert bot.kind == Bot.Kind.UPLOADED and bot.owner == player and not bot.public
    check = SourceCheck.objects.get(bot=bot)
    assert check.status == WorkStatus.QUEUED and bytes(check.content) == GOOD
    assert check.entry_point == "bot.py" and check.filename == "mine.py"
    assert not BotUpload.objects.filter(bot=bot).exists()  # no source to play yet
    page = client_for(player).get(f"/bots/{bot.pk}/").content.decode()
    assert "Being checked: mine.py plays a probe game" in page


def test_an_archive_runs_its_entry_point(client_for, player):
    archive = zipped({"main.py": b"import helper\n\nhelper.main()\n", "helper.py": GOOD})
    response = page_upload(
        client_for(player), content=archive, filename="bot.zip", entry_point="main.py"
    )
    assert response.status_code == 302
    check = SourceCheck.objects.get(bot__name="Uppy")
    assert check.entry_point == "main.py" and check.filename == "bot.zip"


@pytest.mark.parametrize(
    "content, filename, entry_point, reason",
    [
        (b"def move(:\n", "bot.py", "", "bot.py, line 1"),
        (GOOD, "bot.txt", "", "Upload a Python file (.py) or a zip archive (.zip)."),
        (zipped({"main.py": GOOD}), "bot.zip", "other.py", "no file other.py to run"),
        (zipped({"data.txt": b"x"}), "bot.zip", "data.txt", "a Python file (.py)"),
        (zipped({"../escape.py": GOOD}), "bot.zip", "../escape.py", "a name the sandbox"),
        (b"not a zip", "bot.zip", "main.py", "This is not a zip archive."),
        (
            zipped({f"f{n}.py": b"" for n in range(MEMBERS + 1)}),
            "bot.zip",
            "f0.py",
            f"at most {MEMBERS} files",
        ),
        (
            zipped({"main.py": b"#" * (UNPACKED_BYTES + 1)}),
            "bot.zip",
            "main.py",
            f"Unpacked, the archive is over {UNPACKED_BYTES // 1024} KB.",
        ),
        (b"#" * (UPLOAD_BYTES + 1), "bot.py", "", f"a bot is at most {UPLOAD_BYTES // 1024} KB"),
    ],
)
def test_an_upload_that_is_not_a_bot_is_refused_with_the_reason(
    client_for, player, content, filename, entry_point, reason
):
    response = page_upload(
        client_for(player), content=content, filename=filename, entry_point=entry_point
    )
    assert response.status_code == 400
    assert reason in response.content.decode()
    assert not Bot.objects.filter(name="Uppy").exists()
    assert not SourceCheck.objects.exists()


def test_only_a_logged_in_person_uploads_and_only_the_author_replaces_the_source(
    client_for, player, other_player, anonymous, uploaded_bot
):
    response = page_upload(client_for(anonymous))
    assert response.status_code == 302 and "/login" in response.url
    bot = uploaded_bot("Mine", GOOD)
    changed = GOOD.replace(b"random legal move", b"random legal move, version 2")
    sent = {"source": SimpleUploadedFile("v2.py", changed)}
    assert client_for(other_player).post(f"/bots/{bot.pk}/source/", sent).status_code == 403
    assert BotUpload.objects.get(bot=bot).files() == {"bot.py": GOOD}
    sent = {"source": SimpleUploadedFile("v2.py", changed)}
    response = client_for(player).post(f"/bots/{bot.pk}/source/", sent)
    assert response.status_code == 302
    assert bytes(SourceCheck.objects.get(bot=bot).content) == changed
    assert BotUpload.objects.get(bot=bot).files() == {"bot.py": GOOD}  # until it passes


def test_a_bot_becomes_uploaded_only_by_an_upload(client_for, player, builtin_bot):
    bot = builtin_bot("Plain")
    response = client_for(player).patch(
        f"/api/bots/{bot.pk}/", {"kind": "uploaded"}, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["field"] == "kind"
    sent = {"source": SimpleUploadedFile("bot.py", GOOD)}
    response = client_for(player).post(f"/bots/{bot.pk}/source/", sent)
    assert response.status_code == 409
    assert "Only an uploaded bot has a source to replace." in response.content.decode()
    assert not SourceCheck.objects.exists()


def test_the_api_makes_an_uploaded_bot_being_checked(client_for, player):
    response = client_for(player).post(
        "/api/bots/upload/",
        {"name": "Apier", "source": SimpleUploadedFile("bot.py", GOOD), "move_timeout_ms": 300},
    )
    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["kind"] == "uploaded" and answer["move_timeout_ms"] == 300
    assert answer["source_check"]["status"] == "queued"
    assert answer["source_check"]["filename"] == "bot.py"
    assert not BotUpload.objects.filter(bot_id=answer["id"]).exists()


def put_source(client, bot_id, content, filename="b.zip", entry_point="main.py"):
    fields = {"source": SimpleUploadedFile(filename, content), "entry_point": entry_point}
    body = encode_multipart(BOUNDARY, fields)
    return client.put(f"/api/bots/{bot_id}/source/", body, content_type=MULTIPART_CONTENT)


def test_the_api_sends_a_new_version_for_its_check_once_at_a_time(
    client_for, player, other_player, uploaded_bot
):
    bot = uploaded_bot("Apier", GOOD)
    archive = zipped({"main.py": GOOD})
    assert put_source(client_for(other_player), bot.pk, archive).status_code == 403
    assert not SourceCheck.objects.exists()
    response = put_source(client_for(player), bot.pk, archive)
    assert response.status_code == 200
    assert response.json()["source_check"]["status"] == "queued"
    check = SourceCheck.objects.get(bot=bot)
    assert check.filename == "b.zip" and check.entry_point == "main.py"
    assert BotUpload.objects.get(bot=bot).filename == "bot.py"  # plays on meanwhile
    again = put_source(client_for(player), bot.pk, GOOD, "c.py", "")
    assert again.status_code == 409 and again.json()["field"] == "source"
    assert SourceCheck.objects.get(bot=bot).filename == "b.zip"
    assert client_for(other_player).get(f"/api/bots/{bot.pk}/").json()["source_check"] is None


def test_the_api_refuses_an_upload_over_the_size_limit_before_reading_it(client_for, player):
    response = client_for(player).post(
        "/api/bots/upload/",
        {"name": "Big", "source": SimpleUploadedFile("bot.py", b"#" * (UPLOAD_BYTES + 70_000))},
    )
    assert response.status_code == 413
    assert response.json()["field"] == "source"
    response = client_for(player).post(
        "/api/bots/upload/", {"name": "Broken", "source": SimpleUploadedFile("bot.py", b"x = (")}
    )
    assert response.status_code == 400 and "bot.py, line 1" in response.json()["detail"]
    assert not Bot.objects.filter(name__in=["Big", "Broken"]).exists()
