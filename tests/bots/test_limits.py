"""One validation of a bot's settings (``check_bot``) with the same caps on the page's
form and the API; the same for a batch's rules options on the page, the API and the
command."""

import pytest
from django.core.management import CommandError, call_command

from bots.models import Batch, Bot

pytestmark = pytest.mark.django_db

REMOTE = {"name": "Webby", "kind": "remote", "endpoint_url": "https://bots.example.org/w"}
SEARCH = {"name": "Deep", "kind": "builtin", "builtin_key": "search"}


@pytest.mark.parametrize(
    "fields, field",
    [
        ({**REMOTE, "move_timeout_ms": 2_000_000_000}, "move_timeout_ms"),
        ({**REMOTE, "move_timeout_ms": 10}, "move_timeout_ms"),
        ({**REMOTE, "time_bank_ms": 2_000_000_000}, "time_bank_ms"),
        ({**SEARCH, "settings": {"iterations": 2_000_000_000}}, "settings"),
        ({**SEARCH, "settings": {"table_iterations": 2_000_000_000}}, "settings"),
        ({**SEARCH, "settings": {"horizon": 10**9}}, "settings"),
        ({**SEARCH, "settings": {"time_limit_ms": 1e300}}, "settings"),
        ({**SEARCH, "settings": [1, 2]}, "settings"),
        ({**SEARCH, "description": "x" * 5000}, "description"),
        ({**REMOTE, "endpoint_url": ""}, "endpoint_url"),
    ],
)
def test_the_api_refuses_a_bot_beyond_the_caps_and_saves_nothing(client_for, player, fields, field):
    response = client_for(player).post("/api/bots/", fields, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert not Bot.objects.exists()


def test_the_api_refuses_a_change_beyond_the_caps(client_for, player, builtin_bot):
    bot = builtin_bot("Randy")
    response = client_for(player).patch(
        f"/api/bots/{bot.pk}/",
        {"kind": "remote", "endpoint_url": "https://bots.example.org/r", "time_bank_ms": 10**9},
        content_type="application/json",
    )
    assert response.status_code == 400 and response.json()["field"] == "time_bank_ms"
    assert Bot.objects.get(pk=bot.pk).kind == "builtin"


def test_the_form_refuses_the_same_settings_with_the_same_reason(client_for, player):
    response = client_for(player).post(
        "/bots/new/",
        {**SEARCH, "settings": '{"iterations": 2000000000}', "move_timeout_ms": 500,
         "time_bank_ms": 5000},
    )  # fmt: skip
    assert response.status_code == 400
    assert "The setting iterations is at most 1000." in response.content.decode()
    assert not Bot.objects.exists()


def test_a_bot_within_the_caps_is_registered(client_for, player):
    response = client_for(player).post(
        "/api/bots/",
        {**SEARCH, "settings": {"iterations": 1000}, "move_timeout_ms": 10_000},
        content_type="application/json",
    )
    assert response.status_code == 201
    assert Bot.objects.get(name="Deep").settings == {"iterations": 1000}


@pytest.mark.parametrize("options", [{"rounds": 1000}, {"rounds": 0}, {"bogus": 1}])
def test_a_batch_of_games_too_long_or_unknown_options_is_refused_by_the_api(
    client_for, player, builtin_bot, options
):
    a, b = builtin_bot("A"), builtin_bot("B")
    response = client_for(player).post(
        "/api/bot-batches/",
        {"schedule": "series", "bots": [a.pk, b.pk], "games": 2, "options": options},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert not Batch.objects.exists()


def test_the_command_refuses_too_many_rounds(player, builtin_bot):
    builtin_bot("A"), builtin_bot("B")
    with pytest.raises(CommandError, match="At most 8 rounds per game"):
        call_command(
            "schedule_bot_matches", "A", "B", "--rounds", "1000", "--as-user", player.username
        )
    assert not Batch.objects.exists()
