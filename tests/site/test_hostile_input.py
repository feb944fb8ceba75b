"""JSON nested 50,000 levels deep, lone surrogates, bytes that are not UTF-8 and keys
given twice: every API endpoint and page answers with the reason (400 on the API, the
form's error on a page), never a server error; the record validator answers the same
on the page, the API and the command (tests/games/call_to_glory/test_validate_game_command.py)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bots.models import Bot
from tournaments.models import Event

pytestmark = pytest.mark.django_db


DEEP = "[" * 50_000 + "]" * 50_000


@pytest.mark.parametrize(
    "path",
    [
        "/api/bots/",
        "/api/bot-batches/",
        "/api/events/autumn-open/entrants/",
        "/api/events/autumn-open/games/",
        "/api/tables/{table}/submissions/",
    ],
)
def test_the_api_refuses_json_nested_too_deeply_with_the_reason(client_for, organiser, table, path):
    path = path.format(table=table.pk)
    response = client_for(organiser).post(path, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested more than 64 levels" in response.json()["detail"]


@pytest.mark.parametrize(
    "body, reason",
    [
        (b'{"name": "\\ud800", "kind": "builtin", "builtin_key": "random"}', "lone surrogate"),
        (b'{"name": "\xff\xfe", "kind": "builtin", "builtin_key": "random"}', "not utf-8 text"),
        (b'{"name": "A", "name": "B", "kind": "builtin", "builtin_key": "random"}', "twice"),
        (b'{"name": "A", "kind": "builtin", "builtin_key": "random", "x": NaN}', "NaN"),
    ],
)
def test_the_api_refuses_what_is_not_json_text_and_saves_nothing(client_for, player, body, reason):
    response = client_for(player).post("/api/bots/", body, content_type="application/json")
    assert response.status_code == 400
    assert reason in response.json()["detail"]
    assert not Bot.objects.exists()


def test_a_bot_form_with_settings_nested_too_deeply_says_so(client_for, player):
    response = client_for(player).post(
        "/bots/new/",
        {"name": "Deep", "kind": "builtin", "builtin_key": "random", "settings": DEEP,
         "move_timeout_ms": 500, "time_bank_ms": 5000},
    )  # fmt: skip
    assert response.status_code == 400
    assert "nested more than 64 levels" in response.content.decode()
    assert not Bot.objects.exists()


def test_an_event_form_takes_no_json_and_refuses_a_bad_option_value(client_for, organiser, event):
    league = event.season.league
    response = client_for(organiser).post(
        f"/leagues/{league.slug}/events/new/",
        {"season": event.season.pk, "name": "Deep", "slug": "deep", "format": "swiss",
         "game": "call-to-glory", "options_json": DEEP, "format_swiss_fill": DEEP[:200]},
    )  # fmt: skip
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert "options_json" not in response.content.decode()
    assert not Event.objects.filter(slug="deep").exists()


NOT_UTF8 = "the record is not valid UTF-8 text"
TWICE = "the key 'format' is given twice in one object"
RECORDS = [
    (b'{"format": "call-to-glory/1", "players": ["\\ud800", "B"]}', NOT_UTF8),
    (b'{"format": "call-to-glory/1", "players": ["\xff", "B"]}', NOT_UTF8),
    (b'{"format": "call-to-glory/1", "format": "call-to-glory/1"}', TWICE),
    (DEEP.encode(), "nested too deeply"),
]


@pytest.mark.parametrize("record, reason", RECORDS)
def test_the_validator_answers_the_same_on_the_page_and_the_api(client, record, reason):
    api = client.post("/api/games/call-to-glory/validate/", record, content_type="application/json")
    assert api.status_code == 200 and api.json()["valid"] is False
    assert reason in api.json()["error"]["reason"]

    upload = SimpleUploadedFile("game.json", record)
    page = client.post("/games/call-to-glory/validate/", {"upload": upload})
    assert page.status_code == 200
    assert page.context["result"]["valid"] is False
    assert reason in page.context["result"]["error"]["reason"]


def test_a_pasted_record_with_a_lone_surrogate_is_not_valid(client):
    page = client.post(
        "/games/call-to-glory/validate/",
        {"record": '{"format": "call-to-glory/1", "players": ["\\ud800", "B"]}'},
    )
    assert page.context["result"]["error"]["reason"] == NOT_UTF8


def test_api_errors_are_json_even_from_django(client_for, player, settings):
    client = client_for(player)
    missing = client.get("/api/no-such-thing/")
    assert missing.status_code == 404 and missing.json()["detail"] == "Not found."
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    big = client.post("/api/bots/", {"name": "x" * 2000}, content_type="application/json")
    assert big.status_code == 413 and "larger than 1000 bytes" in big.json()["detail"]
    page = client.post("/bots/new/", {"name": "x" * 2000})
    assert page.status_code == 413 and "larger than the site accepts" in page.content.decode()
