"""One refusal path: a service's ``Refusal`` reaches people through one API handler and
one page adapter, and neither loses what it says: its message, its code and the field it
belongs to."""

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from bots.models import Batch, Bot
from tournaments.models import Entrant, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def builtin_bot(player):
    def make(name):
        return Bot.objects.create(name=name, owner=player, kind="builtin", builtin_key="random")

    return make


def test_the_api_answers_a_refusal_with_its_code_and_field(client_for, player, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B")
    response = client_for(player).post(
        "/api/bot-batches/",
        {"schedule": "series", "bots": [a.pk, b.pk], "games": 2, "options": {"rounds": 99}},
        content_type="application/json",
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "options"  # was "bots", whatever the service named
    assert answer["code"] == "invalid" and "rounds per game" in answer["detail"]
    assert not Batch.objects.exists()


def test_the_api_names_the_bots_when_a_round_robin_has_too_few(client_for, player, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B")
    response = client_for(player).post(
        "/api/bot-batches/",
        {"schedule": "round_robin", "bots": [a.pk, b.pk], "table_size": 3},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "bots"
    assert not Batch.objects.exists()


def test_a_change_to_a_finished_event_is_a_conflict_with_its_code(client_for, organiser, event):
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    response = client_for(organiser).post(
        f"/api/events/{event.slug}/entrants/", {"walk_in": "Wally"}, content_type="application/json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"
    assert "finished" in response.json()["detail"]
    assert not Entrant.objects.filter(name="Wally").exists()


def test_a_record_too_large_is_413_naming_the_field_it_came_in(client, settings):
    settings.VALIDATOR_MAX_BYTES = 100
    upload = SimpleUploadedFile("game.json", b"{}" + b" " * 200)
    response = client.post("/api/games/call-to-glory/validate/", {"record": upload})
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert response.json()["field"] == "record"


def test_a_page_shows_a_refusal_beside_the_field_it_names(client_for, player, builtin_bot):
    a, b = builtin_bot("A"), builtin_bot("B")
    response = client_for(player).post(
        "/bots/batches/new/",
        {"kind": "round_robin", "bots": [a.pk, b.pk], "games": 1, "table_size": 3, "rounds": 1},
    )
    assert response.status_code == 400  # refused, and shown on the form
    assert response.context["form"].errors["bots"] == [
        "A round robin at tables of 3 needs at least 3 bots."
    ]
    page = response.content.decode()
    beside = re.search(r'<ul class="errorlist" id="id_bots_error">(.*?)</ul>', page, re.S)
    assert beside and "needs at least 3 bots" in beside.group(1)
    assert not Batch.objects.exists()


def test_a_page_without_a_form_shows_a_refusal_as_its_message(client_for, organiser, event):
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    response = client_for(organiser).post(f"/events/{event.slug}/rounds/pair/", follow=True)
    assert "The event is finished; an organiser reopens it to change it." in [
        str(message) for message in response.context["messages"]
    ]


ROOT = Path(__file__).resolve().parents[2]
CATCH = re.compile(r"except\s*\(?[^:\n]*\bRefusal\b")
NOT_CODE = {".venv", "tests", "var", "node_modules"}


def test_only_refusal_attempted_catches_a_refusal():
    catching = [
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if not NOT_CODE & set(path.relative_to(ROOT).parts) and CATCH.search(path.read_text())
    ]
    assert catching == ["lib/refusal/__init__.py"]
    assert CATCH.search("    except (ValueError, Refusal) as refusal:")


# docs/architecture.md ("Where a refusal is taken as a value"): its three cases, by module.
TAKES_A_REFUSAL_AS_A_VALUE = {
    # 1. shown in a place of its own
    "scoring/views/saving.py",
    "scoring/views/entry.py",
    "scoring/views/table_entry.py",
    "scoring/views/table.py",
    "bots/views/replays.py",
    "scoring/profile_views.py",
    "tournaments/views/entrants.py",
    "games/views.py",
    "scoring/views/slip.py",
    # 2. turned into another answer
    "tournaments/entrant_import.py",
    "scoring/slips.py",
    "bots/replay.py",
    "tournaments/permissions.py",
    "lib/api_errors.py",
    "scoring/api_offline.py",
    "tournaments/bgstats/forms.py",
    "tournaments/bgstats/importing.py",
    "play/challenges.py",
    # 3. no page or API to answer
    "bots/management/commands/schedule_bot_matches.py",
    "bots/management/commands/run_bot_locally.py",
    "tournaments/management/commands/simulate_event.py",
    "integrations/management/commands/import_league.py",
    "bots/ladders.py",
    "bots/divisions.py",
    "series/recurring.py",
    "tournaments/pairing.py",
}
ATTEMPTED = re.compile(r"\battempted\(")


def test_a_refusal_is_taken_as_a_value_only_where_the_architecture_says():
    taking = {
        str(path.relative_to(ROOT))
        for path in ROOT.rglob("*.py")
        if not NOT_CODE & set(path.relative_to(ROOT).parts) and ATTEMPTED.search(path.read_text())
    }
    adapters = {"lib/refusal/__init__.py", "lib/refusal_pages.py"}
    assert taking - adapters == TAKES_A_REFUSAL_AS_A_VALUE
