"""An author has at most ``BOTS_PER_AUTHOR`` bots, however one is registered: the new
bot's page, the upload page, the API and the upload API each refuse one more with the
reason, and save nothing; another author is not counted against them."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bots.models import Bot
from tests.bots.test_uploads import GOOD, page_upload

pytestmark = pytest.mark.django_db

FORM = {"name": "Rita", "kind": "builtin", "builtin_key": "random", "settings": "{}",
        "move_timeout_ms": 500, "time_bank_ms": 5000}  # fmt: skip
REASON = "You have 2 bots, as many as an author may have"


@pytest.fixture
def at_the_limit(settings, builtin_bot):
    settings.BOTS_PER_AUTHOR = 2
    builtin_bot("Randy")
    builtin_bot("Rex")


def test_every_path_refuses_a_bot_beyond_the_authors_limit(at_the_limit, client_for, player):
    client = client_for(player)
    page = client.post("/bots/new/", FORM)
    assert REASON in page.content.decode()
    api = client.post("/api/bots/", {"name": "Rita", "kind": "builtin", "builtin_key": "random"},
                      content_type="application/json")  # fmt: skip
    assert api.status_code == 400 and REASON in api.json()["detail"]
    upload = page_upload(client)
    assert upload.status_code == 400 and REASON in upload.content.decode()
    uploaded = client.post(
        "/api/bots/upload/", {"name": "Apier", "source": SimpleUploadedFile("bot.py", GOOD)}
    )
    assert uploaded.status_code == 400 and REASON in uploaded.json()["detail"]
    assert list(Bot.objects.order_by("name").values_list("name", flat=True)) == ["Randy", "Rex"]


def test_another_author_and_a_change_are_not_counted_against_the_limit(
    at_the_limit, client_for, player, other_player
):
    answer = client_for(other_player).post(
        "/api/bots/", {"name": "Olga", "kind": "builtin", "builtin_key": "random"},
        content_type="application/json",
    )  # fmt: skip
    assert answer.status_code == 201
    randy = Bot.objects.get(name="Randy")
    changed = client_for(player).patch(
        f"/api/bots/{randy.pk}/", {"name": "Randolph"}, content_type="application/json"
    )
    assert changed.status_code == 200 and Bot.objects.filter(owner=player).count() == 2
