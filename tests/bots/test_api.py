"""The bots' API: register a bot (its secret in that answer only), schedule a batch,
follow its progress, read a match."""

import pytest

from bots.chunks import do_play_chunk
from bots.models import Batch, Bot

pytestmark = pytest.mark.django_db


def test_a_remote_bot_registered_through_the_api_gets_its_secret_once(client_for, player):
    client = client_for(player)
    response = client.post(
        "/api/bots/",
        {"name": "Webby", "kind": "remote", "endpoint_url": "https://bots.example.org/webby"},
        content_type="application/json",
    )
    assert response.status_code == 201
    secret = response.json()["secret"]
    assert secret == Bot.objects.get(name="Webby").secret
    assert "secret" not in client.get(f"/api/bots/{response.json()['id']}/").json()


def test_a_built_in_bot_with_bad_settings_is_refused_with_the_reason(client_for, player):
    response = client_for(player).post(
        "/api/bots/",
        {"name": "Odd", "kind": "builtin", "builtin_key": "random", "settings": {"x": 1}},
        content_type="application/json",
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "settings" and "random" in answer["detail"]
    assert not Bot.objects.filter(name="Odd").exists()


def test_a_series_scheduled_through_the_api_reports_its_progress(client_for, player, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B")
    client = client_for(player)
    response = client.post(
        "/api/bot-batches/",
        {"schedule": "series", "bots": [a.pk, b.pk], "games": 4, "seed": 8},
        content_type="application/json",
    )
    assert response.status_code == 201
    batch = Batch.objects.get(pk=response.json()["id"])
    assert (batch.total, batch.seed, batch.lineups) == (4, 8, [[a.pk, b.pk]])

    do_play_chunk(batch.chunks.get().pk)

    progress = client.get(f"/api/bot-batches/{batch.pk}/").json()
    assert (progress["done"], progress["total"], progress["faults"]) == (4, 4, 0)
    match = client.get("/api/bot-matches/").json()["results"][0]
    assert match["record"]["format"] == "call-to-glory/1"
    assert [seat["bot"] for seat in match["seats"]] in (["A", "B"], ["B", "A"])


def test_anonymous_visitors_cannot_schedule(client, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B")
    response = client.post(
        "/api/bot-batches/",
        {"schedule": "single", "bots": [a.pk, b.pk]},
        content_type="application/json",
    )
    assert response.status_code == 403
    assert not Batch.objects.exists()


def test_a_bot_made_remote_by_its_author_gets_a_secret_in_that_answer(
    client_for, player, builtin_bot
):
    bot = builtin_bot("Randy")
    response = client_for(player).patch(
        f"/api/bots/{bot.pk}/",
        {"kind": "remote", "endpoint_url": "https://bots.example.org/randy"},
        content_type="application/json",
    )
    assert response.status_code == 200
    bot.refresh_from_db()
    assert bot.kind == "remote" and response.json()["secret"] == bot.secret != ""
