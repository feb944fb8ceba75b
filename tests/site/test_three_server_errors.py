"""Issue 40's three 500s, each now a 4xx (or the page's form error) naming the field,
with nothing changed: a login name longer than any account's (axes stored it in a
column of 255 characters, on every login path); a BG Stats file sent form-encoded or
multipart, 50,000 levels deep (the API's plain ``JSONField``); a file part in a form
body read as text (a slip's entry form: the API's multipart parser put the file among
the text fields)."""

from importlib import import_module
from urllib.parse import urlencode

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework import serializers

from lib.api_fields import BoundedJSONField
from scoring.models import Submission
from scoring.slips import slip_path, slip_token
from tests.scoring.test_slips import ONE_ROUND, form_token
from tournaments.entrants import do_add_walk_in
from tournaments.models import ImportedPlay
from tournaments.pairing import do_pair_round

pytestmark = pytest.mark.django_db

APPS = {"accounts", "bots", "botplay", "config", "games", "play", "scoring", "tournaments"}
LONG_NAME = "u" * 300
DEEP = "[" * 50_000 + "]" * 50_000
FORM = "application/x-www-form-urlencoded"


@pytest.fixture
def walk_in_round(event, organiser):
    """Round 1 of a one-round event of two walk-ins: a table that takes a slip."""
    event.rules_options = {"rounds": 1}
    event.save()
    for name in ("Wanda Walkin", "Walter Walkin"):
        do_add_walk_in(event, name)
    return do_pair_round(event, by=organiser)


def test_the_login_page_refuses_a_username_no_account_can_have_beside_its_field(player):
    response = Client().post("/accounts/login/", {"username": LONG_NAME, "password": "x"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "at most 150 characters" in errors["username"][0]
    assert not AccessAttempt.objects.exists()


def test_the_admins_login_with_such_a_name_counts_a_failure_and_is_no_server_error(player):
    """The admin's login form has Django's unchecked length: the lockout clips the
    name it keeps, as for any path that reaches ``authenticate()``."""
    client = Client(raise_request_exception=False)
    response = client.post("/admin/login/", {"username": LONG_NAME, "password": "x"})
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == LONG_NAME[:255]


def test_the_token_api_refuses_such_a_name_naming_the_field(player):
    body = {"username": LONG_NAME, "password": "x"}
    response = Client().post("/api/token/", urlencode(body), content_type=FORM)
    assert response.status_code == 400
    assert "username" in response.json()
    assert not AccessAttempt.objects.exists()


@pytest.mark.parametrize("encoding", ["form-encoded", "multipart"])
def test_a_bgstats_file_nested_too_deeply_sent_as_a_form_field_is_refused(
    client_for, organiser, league, encoding
):
    client = client_for(organiser)
    url = f"/api/leagues/{league.slug}/import/bgstats/"
    if encoding == "multipart":
        response = client.post(url, {"file": DEEP})
    else:
        response = client.post(url, urlencode({"file": DEEP}), content_type=FORM)
    assert response.status_code == 400
    assert "nested more than 64 levels" in response.json()["file"][0]
    assert not ImportedPlay.objects.exists()


def test_the_bgstats_import_page_refuses_a_file_nested_too_deeply(client_for, organiser, league):
    league.seasons.create(name="Open")
    url = f"/leagues/{league.slug}/import/bgstats/"
    page = client_for(organiser).post(url, urlencode({"content": DEEP}), content_type=FORM)
    assert page.status_code == 400
    assert "nested more than 64 levels" in page.content.decode()
    assert not ImportedPlay.objects.exists()


@pytest.mark.parametrize("part", ["round", "score-0", "picture"])
def test_a_slips_entry_form_with_a_file_part_is_refused_naming_it(client, walk_in_round, part):
    table = walk_in_round.tables.first()
    data = {**ONE_ROUND, part: SimpleUploadedFile("slip.jpg", b"\xff\xd8")}
    url = f"/api/slips/{slip_token(table)}/entry-form/"
    response = client.post(url, data, headers={"Idempotency-Key": "with-a-file"})
    assert response.status_code == 400
    assert response.json()["field"] == part and "sent as a file" in response.json()["detail"]
    assert not Submission.objects.exists()


def test_a_tables_entry_form_with_a_file_part_is_refused_naming_it(client_for, player, table):
    data = {"round": SimpleUploadedFile("round.txt", b"1"), "score-0": "20", "score-1": "18"}
    response = client_for(player).post(f"/api/tables/{table.pk}/entry-form/", data)
    assert response.status_code == 400 and response.json()["field"] == "round"
    assert not Submission.objects.exists()


def test_the_slips_page_takes_its_text_fields_and_leaves_a_file_part_unread(client, walk_in_round):
    """The page reads ``request.POST``, which holds no file: the entry is taken."""
    path = slip_path(walk_in_round.tables.first())
    data = {**ONE_ROUND, "form_token": form_token(client, path)}
    response = client.post(path, {**data, "round-file": SimpleUploadedFile("a.txt", b"1")})
    assert response.status_code == 302
    assert Submission.objects.get().rounds == [{"scores": [20, 18]}]


def every_subclass(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from every_subclass(sub)


def test_every_json_value_of_the_api_is_read_bounded():
    """DRF's own ``JSONField`` reads a form field with ``json.loads``: a serializer of
    the site declares ``BoundedJSONField`` (``lib.api_fields.ModelSerializer`` maps
    model JSON fields to it)."""
    import_module(settings.ROOT_URLCONF)
    ours = [
        cls
        for cls in every_subclass(serializers.Serializer)
        if cls.__module__.split(".")[0] in APPS
    ]
    assert len(ours) > 20
    plain = [
        f"{cls.__module__}.{cls.__name__}.{name}"
        for cls in ours
        for name, field in cls._declared_fields.items()
        if isinstance(field, serializers.JSONField) and not isinstance(field, BoundedJSONField)
    ]
    assert not plain, plain
