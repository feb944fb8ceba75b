"""What once answered 500 and is now a 4xx naming what is wrong: JSON values sent as
form fields (form-encoded or multipart) nested 50,000 deep or naming a key twice; a
huge integer in a bot's decimal setting; a token request's username longer than any
account's; a line break in a CSV export's name; a session's multipart write with an
``Idempotency-Key``."""

from urllib.parse import urlencode

import pytest
from django.test import Client

from bots.models import Bot
from scoring.models import Submission
from tests.scoring.conftest import RULEBOOK_ROUND
from tournaments.models import Event

pytestmark = pytest.mark.django_db

DEEP = "[" * 50_000 + "]" * 50_000
FORM = "application/x-www-form-urlencoded"


def new_event(event, **json_values):
    return {
        "season": event.season.pk,
        "name": "Form Open",
        "slug": "form-open",
        "format": "swiss",
        "table_size": 2,
        **json_values,
    }


@pytest.mark.parametrize("encoding", ["form-encoded", "multipart"])
@pytest.mark.parametrize(
    "value, reason",
    [(DEEP, "nested more than 64 levels"), ('{"rounds": 1, "rounds": 2}', "given twice")],
)
def test_an_events_json_value_sent_as_a_form_field_is_read_bounded(
    client_for, organiser, event, encoding, value, reason
):
    data = new_event(event, rules_options=value)
    client = client_for(organiser)
    if encoding == "multipart":
        response = client.post("/api/events/", data)
    else:
        response = client.post("/api/events/", urlencode(data), content_type=FORM)
    assert response.status_code == 400
    assert reason in response.json()["rules_options"][0]
    assert not Event.objects.filter(slug="form-open").exists()


def test_an_entry_sent_form_encoded_is_read_bounded(client_for, player, table):
    body = urlencode({"kind": "call-to-glory-table/1", "entry": DEEP})
    response = client_for(player).post(
        f"/api/tables/{table.pk}/submissions/", body, content_type=FORM
    )
    assert response.status_code == 400
    assert "nested more than 64 levels" in response.json()["entry"][0]
    assert not Submission.objects.exists()


def test_an_honest_json_value_sent_as_a_form_field_is_taken(client_for, organiser, event):
    data = new_event(event, rules_options='{"rounds": 2}', points_by_place="[3, 1]")
    response = client_for(organiser).post("/api/events/", urlencode(data), content_type=FORM)
    assert response.status_code == 201, response.json()
    assert Event.objects.get(slug="form-open").rules_options == {"rounds": 2}


HUGE = "1" + "0" * 400


@pytest.mark.parametrize("setting", ["confidence", "win_bonus", "hand_weight", "time_limit_ms"])
def test_a_huge_integer_in_a_bots_decimal_setting_is_refused(client_for, player, setting):
    body = (
        '{"name": "Huge", "kind": "builtin", "builtin_key": "search", '
        f'"settings": {{"{setting}": {HUGE}}}}}'
    )
    response = client_for(player).post("/api/bots/", body, content_type="application/json")
    assert response.status_code == 400
    answer = response.json()
    assert answer["field"] == "settings" and setting in answer["detail"]
    assert not Bot.objects.exists()


def test_a_huge_integer_in_the_bot_form_is_the_settings_fields_error(client_for, player):
    response = client_for(player).post(
        "/bots/new/",
        {"name": "Huge", "kind": "builtin", "builtin_key": "search",
         "settings": f'{{"confidence": {HUGE}}}', "move_timeout_ms": 500, "time_bank_ms": 5000},
    )  # fmt: skip
    assert response.status_code == 400
    assert "must be at most 1,000,000,000" in response.content.decode()
    assert not Bot.objects.exists()


def test_a_token_request_with_a_username_no_account_can_have_is_refused(client, player):
    response = client.post(
        "/api/token/", {"username": "u" * 300, "password": "x"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert "username" in response.json()


@pytest.mark.parametrize("kind", ["standings%0Ax", "results%0D%0AX-Evil: 1", "nothing"])
def test_an_export_of_a_kind_that_is_not_one_is_not_found(client_for, organiser, event, kind):
    assert client_for(organiser).get(f"/events/{event.slug}/export/{kind}.csv").status_code == 404


def test_a_logged_in_multipart_write_with_an_idempotency_key_runs_once(player, table):
    """The session's CSRF check reads a multipart body before the view: the key's
    fingerprint is made of the parsed data, not of the body's bytes (read already)."""
    event = table.round.event
    event.rules_options = {"rounds": 1}
    event.save()
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    client.get("/")  # the CSRF cookie
    token = client.cookies["csrftoken"].value
    data = {"kind": "call-to-glory-table/1", "entry": str(RULEBOOK_ROUND).replace("'", '"')}
    headers = {"Idempotency-Key": "multipart-1", "X-CSRFToken": token}
    url = f"/api/tables/{table.pk}/submissions/"
    first = client.post(url, data, headers=headers)
    assert first.status_code == 201, first.json()
    again = client.post(url, data, headers=headers)
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Submission.objects.filter(table=table).count() == 1
