"""A game with its own entry is one folder: Pebbles (tests/games/pebbles/, registered
here only) declares its entry page, preview, details and override page, and the site's
one entry page, its confirmation, its override and the offline endpoint serve it with
no line about it anywhere else."""

import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from games import registry
from scoring.models import Submission
from tests.games import pebbles
from tournaments.models import Result

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pebbles_table(monkeypatch, table):
    monkeypatch.setitem(registry.REGISTRY, pebbles.GAME.key, pebbles.GAME)
    event = table.round.event
    event.game, event.rules_options = "pebbles", {"pile": 7}
    event.save()
    return table


def token_of(response) -> str:
    return re.search(rb'name="form_token" value="([0-9a-f]+)"', response.content).group(1).decode()


def basis_of(response) -> str:
    return re.search(rb'name="basis" value="([^"]*)"', response.content).group(1).decode()


def test_pebbles_is_entered_previewed_and_confirmed(pebbles_table, player, other_player, client):
    table = pebbles_table
    client.force_login(player)
    url = reverse("scoring-entry", args=[table.pk, "pebbles"])
    assert url == f"/scoring/tables/{table.pk}/pebbles/"
    assert url.encode() in client.get(reverse("scoring-table", args=[table.pk])).content
    page = client.get(url)
    assert b"Pebbles of Pat Player" in page.content
    preview = client.post(url + "preview/", {"pebbles-0": "4", "pebbles-1": "3"})
    assert b"Pat Player: place 1" in preview.content and b"Quinn Player: place 2" in preview.content
    refused = client.post(url, {"pebbles-0": "4", "pebbles-1": "4", "form_token": token_of(page)})
    assert b"the pebbles add up to 8, not the pile of 7" in refused.content
    saved = client.post(url, {"pebbles-0": "4", "pebbles-1": "3", "form_token": token_of(refused)})
    assert saved.status_code == 302 and saved["Location"] == f"/scoring/tables/{table.pk}/"
    submission = Submission.objects.get(table=table)
    assert submission.kind == "pebbles-table/1" and submission.entry["pebbles"] == [4, 3]
    client.force_login(other_player)
    shown = client.get(reverse("scoring-table", args=[table.pk]))
    assert b"Pat Player took 4" in shown.content  # the game's details, to confirm on
    confirmed = client.post(
        reverse("scoring-confirm", args=[table.pk]),
        {"submission": submission.pk, "basis": submission.basis, "form_token": token_of(shown)},
    )
    assert confirmed.status_code == 302
    assert [seat.score for seat in Result.objects.get(table=table).seats.order_by("position")] == [
        4,
        3,
    ]


def test_an_organiser_overrides_pebbles_on_its_own_override_page(
    pebbles_table, player, organiser, client
):
    table = pebbles_table
    client.force_login(player)
    url = reverse("scoring-entry", args=[table.pk, "pebbles"])
    client.post(url, {"pebbles-0": "4", "pebbles-1": "3", "form_token": token_of(client.get(url))})
    stored = Submission.objects.get(table=table)
    assert client.get(url + "?override=1").status_code == 403  # a player does not override
    client.force_login(organiser)
    page = client.get(url + "?override=1")
    assert b"Override the pebbles of table 1" in page.content
    assert basis_of(page) == stored.basis and b'value="4"' in page.content
    form = {"override": "1", "basis": basis_of(page), "pebbles-0": "2", "pebbles-1": "5"}
    unexplained = client.post(url, {**form, "form_token": token_of(page)})
    assert b"Give a reason for overriding the result." in unexplained.content
    done = client.post(url, {**form, "reason": "miscounted", "form_token": token_of(unexplained)})
    assert done.status_code == 302
    result = Result.objects.get(table=table)
    assert [seat.score for seat in result.seats.order_by("position")] == [2, 5]


def test_a_phone_sends_a_pebbles_form_saved_offline(pebbles_table, player, client):
    client.force_login(player)
    sent = client.post(
        reverse("api-table-entry-form", args=[pebbles_table.pk]),
        {"pebbles-0": "7", "pebbles-1": "0"},
        HTTP_IDEMPOTENCY_KEY="phone-1",
    )
    assert sent.status_code == 201, sent.content
    assert Submission.objects.get(table=pebbles_table).entry["pebbles"] == [7, 0]


def test_another_games_address_is_not_this_tables_entry(pebbles_table, player, client):
    client.force_login(player)
    assert client.get(f"/scoring/tables/{pebbles_table.pk}/glory/").status_code == 404


def test_nothing_outside_its_folder_and_the_tests_names_pebbles():
    named = subprocess.run(
        ["git", "grep", "-il", "pebbles", "--", ".", ":!tests", ":!docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert named == []
