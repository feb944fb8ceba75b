"""The API's rate limits (lib.throttles): per address for people not logged in, per
account for those who are (all their tokens and sessions), writes apart, and the dear
writes (registering a bot, scheduling a batch) apart again; each answered with 429 and
Retry-After, and named in the OpenAPI schema."""

import pytest
from django.core.cache import caches
from django.test import Client

from bots.models import Batch, Bot
from lib.limits_cache import LimitsCache

pytestmark = pytest.mark.django_db

GENEROUS = "1000/min"


@pytest.fixture
def rates(settings, fresh_limits):
    def set_rates(**low):
        settings.API_THROTTLE_RATES = {
            scope: low.get(scope, GENEROUS)
            for scope in ("anon", "user", "writes", "bot_registration", "batch_scheduling")
        }

    return set_rates


def refused(response):
    assert response.status_code == 429, response.content
    assert int(response["Retry-After"]) > 0
    assert "throttled" in response.json()["detail"].lower()
    return True


def test_anonymous_requests_are_limited_per_address(rates):
    rates(anon="3/min")
    here = Client(REMOTE_ADDR="10.1.0.1")
    assert [here.get("/api/bots/").status_code for _ in range(3)] == [200] * 3
    assert refused(here.get("/api/bots/"))
    assert Client(REMOTE_ADDR="10.1.0.2").get("/api/bots/").status_code == 200


def test_a_person_is_limited_per_account_whatever_the_token_or_session(rates, player, client):
    rates(user="4/min")
    client.force_login(player)
    tokens = [
        Client().post("/api/token/", {"username": player.username, "password": password})
        for password in ["correct-horse-battery"] * 2
    ]
    by_token = [Client(headers={"Authorization": f"Token {t.json()['token']}"}) for t in tokens]
    assert client.get("/api/me/").status_code == 200
    assert by_token[0].get("/api/me/").status_code == 200
    assert by_token[1].get("/api/me/").status_code == 200
    assert client.get("/api/me/").status_code == 200
    assert refused(by_token[1].get("/api/me/"))
    assert refused(client.get("/api/me/"))


def test_writes_have_a_limit_of_their_own_and_reading_goes_on(rates, player, client):
    rates(writes="2/min")
    client.force_login(player)
    for name in ("Randy", "Rita"):
        created = client.post(
            "/api/bots/", {"name": name, "kind": "builtin", "builtin_key": "random"},
            content_type="application/json",
        )  # fmt: skip
        assert created.status_code == 201
    assert refused(
        client.post(
            "/api/bots/",
            {"name": "Rex", "kind": "builtin", "builtin_key": "random"},
            content_type="application/json",
        )  # fmt: skip
    )
    assert client.get("/api/bots/").status_code == 200
    assert sorted(Bot.objects.values_list("name", flat=True)) == ["Randy", "Rita"]


def test_registering_bots_is_limited_and_changing_one_is_not(rates, player, client):
    rates(bot_registration="1/hour")
    client.force_login(player)
    body = {"name": "Randy", "kind": "builtin", "builtin_key": "random"}
    bot = client.post("/api/bots/", body, content_type="application/json").json()
    assert refused(
        client.post("/api/bots/", {**body, "name": "Rex"}, content_type="application/json")
    )
    changed = client.patch(
        f"/api/bots/{bot['id']}/", {"description": "plays at random"},
        content_type="application/json",
    )  # fmt: skip
    assert changed.status_code == 200
    assert Bot.objects.count() == 1


def test_scheduling_batches_is_limited(rates, player, client):
    rates(batch_scheduling="1/hour")
    bots = [
        Bot.objects.create(name=n, owner=player, kind=Bot.Kind.BUILTIN, builtin_key="random")
        for n in ("Randy", "Rita")
    ]
    client.force_login(player)
    body = {"schedule": "single", "bots": [bot.pk for bot in bots]}
    assert (
        client.post("/api/bot-batches/", body, content_type="application/json").status_code == 201
    )
    assert refused(client.post("/api/bot-batches/", body, content_type="application/json"))
    assert Batch.objects.count() == 1
    assert client.get("/api/bot-batches/").status_code == 200


def test_the_schema_names_the_429_and_its_retry_after(client):
    schema = client.get("/api/schema/?format=json").json()
    for path, method in [("/api/bots/", "post"), ("/api/bots/", "get"), ("/api/token/", "post")]:
        answer = schema["paths"][path][method]["responses"]["429"]
        assert "Retry-After" in answer["headers"]
        assert "rate limits" in answer["description"]


def test_the_pages_count_against_the_same_limits(rates, player, client):
    rates(bot_registration="1/hour", batch_scheduling="1/hour")
    client.force_login(player)
    body = {"name": "Randy", "kind": "builtin", "builtin_key": "random"}
    assert client.post("/api/bots/", body, content_type="application/json").status_code == 201
    form = {**body, "name": "Rita", "settings": "{}", "move_timeout_ms": 500, "time_bank_ms": 5000}
    page = client.post("/bots/new/", form)
    assert page.status_code == 429
    assert "too often just now: try again in" in page.content.decode()
    rex = Bot.objects.create(name="Rex", owner=player, kind="builtin", builtin_key="random")
    bots = [Bot.objects.get(name="Randy").pk, rex.pk]
    batch = {"kind": "series", "bots": bots, "games": 2, "rounds": 1, "table_size": 2}
    assert client.post("/bots/batches/new/", batch).status_code == 302
    page = client.post("/bots/batches/new/", batch)
    assert page.status_code == 429
    assert "too often just now: try again in" in page.content.decode()
    assert Bot.objects.count() == 2 and Batch.objects.count() == 1


def test_the_limits_on_redis_keep_one_client_instead_of_one_a_command():
    # Built without connecting (a Redis connection is opened by the first command).
    cache = LimitsCache("redis://127.0.0.1:6379/0", {"KEY_PREFIX": "kept"})
    first = cache._cache.get_client("a")
    assert cache._cache.get_client("b") is first
    assert cache._cache.get_client("c", write=True) is first
    assert first.connection_pool.connection_kwargs["db"] == 0


def test_a_window_counts_as_drfs_throttle_a_refusal_uncounted_and_old_requests_let_go(
    fresh_limits,
):
    """The ``limits`` cache of this pass (Redis, or the process's memory): every scope of
    a request counted in one call; a refused request is not counted; a request leaves
    the window once its time is past."""
    limits = caches["limits"]
    windows = [("a", 2, 60), ("b", 3, 60)]
    assert limits.hits(windows, 100.0) == [(0, 100.0), (0, 100.0)]
    assert limits.hits(windows, 101.5) == [(1, 100.0), (1, 100.0)]
    assert limits.hits(windows, 102.0) == [(2, 100.0), (2, 100.0)]  # "a" refuses, "b" counts
    assert limits.hits(windows, 103.0) == [(2, 100.0), (3, 100.0)]  # both refuse
    assert limits.hits(windows, 160.5) == [(1, 101.5), (2, 101.5)]  # 100 has left both
    assert limits.hits([("a", 2, 60)], 161.0) == [(2, 101.5)]
