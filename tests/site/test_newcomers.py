"""Free accounts do not multiply a person's limits (issue 40's first finding: twelve
sign-ups from one address all succeeded, and one account queued 7,800 games of a search
bot at its strongest settings). The sign-up page is limited per address; for
``NEW_ACCOUNT_DAYS`` an account made there counts the API's rate limits, the bot budget
and the open challenges together with every new account of its address; a new account
schedules bot batches once its e-mail is confirmed; and the bot budget counts what a
decision costs, not how many there are (accounts.newcomers, bots.quotas)."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import User
from bots.models import Batch, Bot
from bots.quotas import QUICK_MS, SEARCH_MS, decision_ms, work_ms_of
from play.models import Challenge

pytestmark = pytest.mark.django_db

RATES = ("anon", "user", "writes", "bot_registration", "batch_scheduling", "signup")


@pytest.fixture
def rates(settings, fresh_limits):
    def set_rates(**low):
        settings.API_THROTTLE_RATES = {scope: low.get(scope, "1000/min") for scope in RATES}

    set_rates()
    return set_rates


def sign_up(address, name):
    """A visitor at ``address`` signs up as ``name``: their logged-in client, and the
    answer."""
    client = Client(REMOTE_ADDR=address)
    answer = client.post(
        "/accounts/signup/",
        {
            "username": name,
            "display_name": name.title(),
            "email": f"{name}@example.org",
            "password1": "a-long-enough-passphrase",
            "password2": "a-long-enough-passphrase",
        },
    )
    return client, answer


def confirmed(name):
    user = User.objects.get(username=name)
    User.objects.filter(pk=user.pk).update(email_confirmed=user.email)
    return user


def register(client, name, key="random", **settings):
    return client.post(
        "/api/bots/",
        {"name": name, "kind": "builtin", "builtin_key": key, "settings": settings},
        content_type="application/json",
    )


def schedule(client, bots, games):
    return client.post(
        "/api/bot-batches/",
        {"schedule": "series", "bots": [bot.pk for bot in bots], "games": games,
         "options": {"rounds": 1}},
        content_type="application/json",
    )  # fmt: skip


def test_sign_ups_from_one_address_are_limited_and_told_when_to_try_again(rates):
    rates(signup="3/hour")
    for name in ("ada", "bea", "cy"):
        assert sign_up("10.40.0.1", name)[1].status_code == 302
    _client, refused = sign_up("10.40.0.1", "dot")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many accounts were made from your address just now" in page
    assert re.search(r"try again in \d+ seconds", page)
    assert not User.objects.filter(username="dot").exists()
    assert sign_up("10.40.0.2", "dot")[1].status_code == 302
    assert User.objects.get(username="dot").signed_up_from == "10.40.0.2"
    # Signed in, a person making accounts counts with their address all the same.
    ada = Client(REMOTE_ADDR="10.40.0.1")
    ada.force_login(User.objects.get(username="ada"))
    assert ada.post("/accounts/signup/", {}).status_code == 200  # an empty form: not counted
    body = {
        "username": "eve",
        "email": "eve@example.org",
        "password1": "a-long-enough-pass",
        "password2": "a-long-enough-pass",
    }
    assert ada.post("/accounts/signup/", body).status_code == 429


def test_new_accounts_of_one_address_share_the_api_write_limit(rates, player, client):
    rates(writes="2/min")
    ada, _ = sign_up("10.40.1.1", "ada")
    bea, _ = sign_up("10.40.1.1", "bea")
    assert register(ada, "Ada's bot").status_code == 201
    assert register(bea, "Bea's bot").status_code == 201
    refused = register(ada, "Ada's second")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert register(bea, "Bea's second").status_code == 429
    # Elsewhere, and an established account at the same address, count on their own.
    assert register(sign_up("10.40.1.2", "cy")[0], "Cy's bot").status_code == 201
    established = Client(REMOTE_ADDR="10.40.1.1")
    established.force_login(player)
    assert register(established, "Pat's bot").status_code == 201
    # Past NEW_ACCOUNT_DAYS an account counts as itself alone.
    dan, _ = sign_up("10.40.1.1", "dan")
    assert register(dan, "Dan's bot").status_code == 429
    User.objects.filter(username="dan").update(date_joined=timezone.now() - timedelta(days=8))
    assert register(dan, "Dan's bot").status_code == 201


def test_a_new_account_schedules_bot_batches_once_its_email_is_confirmed(
    rates, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        ada, _ = sign_up("10.40.2.1", "ada")
    assert [message.to for message in mail.outbox] == [["ada@example.org"]]
    link = re.search(r"/accounts/confirm/\S+/", mail.outbox[0].body).group(0)
    assert register(ada, "Randy").status_code == 201
    assert register(ada, "Rita").status_code == 201
    bots = list(Bot.objects.order_by("name"))
    refused = schedule(ada, bots, games=1)
    assert refused.status_code == 400
    assert "once its e-mail address is confirmed" in refused.json()["detail"]
    profile = ada.get("/accounts/profile/").content.decode()
    assert "is not confirmed yet" in profile
    assert ada.get(link).status_code == 302
    assert User.objects.get(username="ada").email_confirmed == "ada@example.org"
    assert schedule(ada, bots, games=1).status_code == 201
    assert "is not confirmed yet" not in ada.get("/accounts/profile/").content.decode()


def test_a_link_for_another_account_or_an_old_address_confirms_nothing(
    rates, django_capture_on_commit_callbacks
):
    ada, _ = sign_up("10.40.3.1", "ada")
    bea, _ = sign_up("10.40.3.2", "bea")
    with django_capture_on_commit_callbacks(execute=True):
        ada.post("/accounts/profile/confirm/")
    link = re.search(r"/accounts/confirm/\S+/", mail.outbox[-1].body).group(0)
    bea.get(link)
    assert User.objects.get(username="bea").email_confirmed == ""
    User.objects.filter(username="ada").update(email="ada@elsewhere.example")
    ada.get(link)
    assert User.objects.get(username="ada").email_confirmed == ""


def test_new_accounts_of_one_address_share_one_bot_budget(rates, settings, player):
    ada, _ = sign_up("10.40.4.1", "ada")
    bea, _ = sign_up("10.40.4.1", "bea")
    cy, _ = sign_up("10.40.4.2", "cy")
    for name in ("ada", "bea", "cy"):
        confirmed(name)
    pair = [
        Bot.objects.create(name=name, owner=player, builtin_key="search", public=True)
        for name in ("Sam", "Sue")
    ]
    one_game = work_ms_of([pair], 1, 1)
    settings.BOTS_WORK_BUDGET_SECONDS = 3 * one_game / 1000
    assert schedule(ada, pair, games=2).status_code == 201
    refused = schedule(bea, pair, games=2)
    assert refused.status_code == 400
    assert "the new accounts of your address have" in refused.json()["detail"]
    assert "over the budget of" in refused.json()["detail"]
    assert schedule(bea, pair, games=1).status_code == 201
    assert schedule(cy, pair, games=3).status_code == 201
    assert Batch.objects.count() == 3


def test_a_search_decision_costs_its_measured_multiple_of_a_greedy_one(settings, player):
    greedy = [Bot(name=f"G{n}", owner=player, builtin_key="greedy") for n in (1, 2)]
    search = [Bot(name=f"S{n}", owner=player, builtin_key="search") for n in (1, 2)]
    strongest = Bot(
        name="S3",
        owner=player,
        builtin_key="search",
        settings={"iterations": 1000, "candidates": 10},
    )
    assert decision_ms(search[0], 2) / decision_ms(greedy[0], 2) == SEARCH_MS["heads_up"] / QUICK_MS
    assert decision_ms(search[0], 2) / decision_ms(greedy[0], 2) > 700
    assert decision_ms(strongest, 2) == pytest.approx(SEARCH_MS["heads_up"] * 1000 / 45 * 11 / 4)
    settings.BOTS_WORK_BUDGET_SECONDS = 60
    client = Client()
    client.force_login(player)
    for bot in greedy + search:
        bot.save()
    assert schedule(client, greedy, games=1000).status_code == 201
    refused = schedule(client, search, games=100)
    assert refused.status_code == 400 and "over the budget of 60 s" in refused.json()["detail"]


def test_new_accounts_of_one_address_share_the_open_challenges(rates, settings):
    settings.PLAY_MAX_OPEN_CHALLENGES = 1
    ada, _ = sign_up("10.40.5.1", "ada")
    bea, _ = sign_up("10.40.5.1", "bea")
    cy, _ = sign_up("10.40.5.2", "cy")
    table = {"seats": 3}
    assert ada.post("/api/play/tables/", table, content_type="application/json").status_code == 201
    refused = bea.post("/api/play/tables/", table, content_type="application/json")
    assert refused.status_code == 409
    assert "new accounts of your address have 1 open challenge" in refused.json()["detail"]
    assert cy.post("/api/play/tables/", table, content_type="application/json").status_code == 201
    assert Challenge.objects.count() == 2
