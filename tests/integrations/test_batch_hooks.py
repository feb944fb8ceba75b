"""A bot author's webhook: added on their page or through the API (signed only, theirs
alone to see), it hears, signed, when a batch they scheduled is finished: each bot's
games, wins and mean score, through the real worker."""

import pytest

from bots.models import Batch, Bot
from bots.scheduling import do_schedule_batch
from integrations.hooks import do_add_hook
from integrations.models import Hook, Topic
from tests.fixtures.worker import wait_for


@pytest.mark.django_db(transaction=True)
def test_a_finished_batch_reaches_its_authors_receiver_signed(celery_worker, receiver, player):
    hook = do_add_hook(player, author=player, kind=Hook.Kind.SIGNED, url=receiver.url)
    receiver.secret = hook.secret
    randy, greta = (
        Bot.objects.create(name=name, owner=player, kind=Bot.Kind.BUILTIN, builtin_key=key)
        for name, key in (("Randy", "random"), ("Greta", "greedy"))
    )
    batch = do_schedule_batch(player, Batch.Kind.SERIES, [[randy, greta]], games_per_lineup=4)
    wait_for(lambda: receiver.got, what="the worker to tell the batch's end")
    (got,) = receiver.got
    assert got.signed and got.body["type"] == "batch.finished"
    data = got.body["data"]
    assert data["batch"]["games"] == 4 and data["batch"]["played"] == 4
    assert data["batch"]["page"].endswith(f"/bots/batches/{batch.pk}/")
    assert sorted(bot["name"] for bot in data["bots"]) == ["Greta", "Randy"]
    assert sum(bot["wins"] for bot in data["bots"]) >= 4
    assert all(bot["games"] == 4 for bot in data["bots"])


@pytest.mark.django_db
def test_an_author_adds_a_hook_on_the_page_and_only_they_see_it(client_for, player, other_player):
    page = client_for(player).get("/bots/").content.decode()
    assert 'href="/integrations/bots/hooks/"' in page
    added = client_for(player).post(
        "/integrations/bots/hooks/", {"url": "https://hooks.example.org/batches"}
    )
    assert added.status_code == 302
    hook = Hook.objects.get(author=player)
    assert hook.is_signed and hook.topics == [Topic.BATCH_FINISHED]
    assert client_for(player).get(f"/integrations/hooks/{hook.key}/").status_code == 200
    assert client_for(other_player).get(f"/integrations/hooks/{hook.key}/").status_code == 403
    assert client_for(other_player).get("/api/bot-hooks/").json() == []


@pytest.mark.django_db
def test_the_api_adds_an_authors_hook_signed_only(client_for, player):
    client = client_for(player)
    chat = {"kind": "chat", "url": "https://chat.example.org/h"}
    refused = client.post("/api/bot-hooks/", chat, content_type="application/json")
    assert refused.status_code == 400 and "signed webhook" in refused.json()["detail"]
    signed = {"kind": "signed", "url": "https://hooks.example.org/b"}
    added = client.post("/api/bot-hooks/", signed, content_type="application/json")
    assert added.status_code == 201 and added.json()["topics"] == ["batch.finished"]
    assert [hook["url"] for hook in client.get("/api/bot-hooks/").json()] == [signed["url"]]
