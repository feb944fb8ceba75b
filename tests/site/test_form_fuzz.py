"""Every form a person can reach, and every API endpoint that reads a form, fuzzed: no
answer is a server error (issue 40: the login page with a 256-character name, a deep
form-encoded field and a slip's form sent with a file part were 500s).

The forms are found the way a person finds them (``tests.i18n.pages.crawl`` over the
demo data, as its organiser, as staff and as a visitor: the login and sign-up forms
among them); each is sent hostile values (hypothesis's text, numbers out of range, JSON
nested 50,000 levels, control and bidi characters) form-encoded, as multipart with a
file part beside its fields, and as multipart whose every field is a file part. Every
API operation that takes a form body gets the same multipart bodies, on real objects
of the demo data. The API's JSON and form bodies are fuzzed by ``test_api_fuzz``."""

import gc
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.test.client import BOUNDARY, encode_multipart
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.i18n.pages import crawl, demo_organiser

pytestmark = pytest.mark.django_db

DEEP = "[" * 50_000 + "]" * 50_000
NASTY = [
    "",
    "0",
    "-1",
    "99999999999999999999999",
    "1e309",
    "NaN",
    "a" * 300,
    DEEP,
    '{"rounds": ' * 2000 + "1" + "}" * 2000,
    "\u202eevil\u202c",
    "\x00",
    "\x1b[31m",
    "2026-02-30",
    "<script>alert(1)</script>",
    '=HYPERLINK("x")',
    "../../../etc/passwd",
    "[]",
    "{}",
    "null",
]
HOSTILE = st.one_of(st.sampled_from(NASTY), st.text(max_size=120))
EXAMPLES = 2
# Multipart encoded here (the test client encodes only a POST's dict itself).
ENCODED = f"multipart/form-data; boundary={BOUNDARY}"


class Forms(HTMLParser):
    """The forms of a page: (method, action, field names)."""

    def __init__(self, url):
        super().__init__()
        self.url, self.forms = url, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            action = urljoin(self.url, attrs.get("action") or self.url)
            self.forms.append([(attrs.get("method") or "get").lower(), action, []])
        elif tag in ("input", "select", "textarea", "button") and self.forms:
            name = attrs.get("name")
            if name and name != "csrfmiddlewaretoken":
                self.forms[-1][2].append(name)


def forms_of(pages) -> dict[tuple[str, str], list[str]]:
    found = {}
    for url, html in pages:
        parser = Forms(url)
        parser.feed(html)
        for method, action, names in parser.forms:
            parts = urlsplit(action)
            if not parts.netloc and parts.path.startswith("/") and "/push/" not in parts.path:
                key = (method, parts.path + (f"?{parts.query}" if parts.query else ""))
                found[key] = sorted(set(found.get(key, [])) | set(names))
    return found


def file_part(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(f"{name}.json", b'{"a": [' * 100 + b"]}", "application/json")


def bodies(names: list[str], values: list[str]) -> list[tuple[str, dict]]:
    """The three ways a form is sent: form-encoded, multipart with a file part beside
    the fields, multipart whose every field is a file part."""
    fields = dict(zip(names, values, strict=False))
    with_file = {**fields, "file": file_part("file")}
    all_files = {name: file_part(name) for name in names or ["file"]}
    return [("form", fields), ("multipart", with_file), ("multipart", all_files)]


def send(client, method: str, path: str, kind: str, body: dict):
    if method == "get":
        return client.get(path, {k: v for k, v in body.items() if isinstance(v, str)})
    if kind == "form":
        return client.post(path, body, content_type="application/x-www-form-urlencoded")
    return client.post(path, body)


def exerciser(client, method: str, path: str, names: list[str]):
    """A hypothesis test sending the form a few sets of hostile values, each in the
    three ways."""

    @given(values=st.lists(HOSTILE, min_size=len(names), max_size=len(names)))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def exercise(values):
        for kind, body in bodies(names, values):
            answer = send(client, method, path, kind, body)
            assert answer.status_code < 500, f"{kind}: {answer.status_code}"

    return exercise


def fuzz_forms(client, forms) -> dict[str, str]:
    failures = {}
    for (method, path), names in forms.items():
        try:
            exerciser(client, method, path, names)()
        except Exception as failure:  # noqa: BLE001 - every form's failure is reported
            failures[f"{method.upper()} {path}"] = f"{type(failure).__name__}: {failure}"[:2000]
    return failures


def client_of(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_no_form_of_the_site_answers_a_server_error():
    organiser = demo_organiser()
    staff = get_user_model().objects.get(username="admin")
    failures, count = {}, 0
    for user in (None, organiser, staff):
        forms = forms_of(crawl(client_of(user), per_route=2, limit=120))
        count += len(forms)
        failures.update(fuzz_forms(client_of(user), forms))
    assert count >= 30
    assert ("post", "/accounts/login/") in forms_of(crawl(client_of(), per_route=1, limit=20))
    assert not failures, "\n\n".join(f"{form}: {why}" for form, why in failures.items())


def demo_objects() -> dict[str, str]:
    """A real object of the demo data for each of the API's path parameters."""
    from bots.models import Bot
    from games.models import CatalogueGame
    from play.models import Game
    from scoring.models import Submission
    from series.models import RecurringSchedule, Series
    from tournaments.models import Event, League, Table, Team

    event = Event.objects.filter(entrants__isnull=False).order_by("pk").first()
    league = League.objects.filter(seasons__isnull=False).order_by("pk").first()
    game = CatalogueGame.objects.order_by("pk").first()
    return {
        "id": str(Bot.objects.order_by("pk").first().pk),
        "events/{slug}": event.slug,
        "leagues/{slug}": league.slug,
        "series/{slug}": Series.objects.order_by("pk").first().slug,
        "entrant_id": str(event.entrants.order_by("pk").first().pk),
        "number": "1",
        "key": game.key if game else "call-to-glory",
        "season_id": str(league.seasons.order_by("pk").first().pk),
        "game_id": str(Game.objects.order_by("pk").first().pk),
        "submission_id": str(Submission.objects.order_by("pk").first().pk),
        "table_id": str(Table.objects.order_by("pk").first().pk),
        "call_id": "1",  # a judge call (room): none need exist, a 404 is an answer
        "team_id": str(Team.objects.order_by("pk").values_list("pk", flat=True).first() or 1),
        "schedule_id": str(RecurringSchedule.objects.order_by("pk").first().pk),
    }


def filled(path: str, objects: dict[str, str]) -> str:
    for kind in ("events", "leagues", "series"):
        path = path.replace(f"{kind}/{{slug}}", f"{kind}/{objects[f'{kind}/{{slug}}']}")
    for name, value in objects.items():
        path = path.replace(f"{{{name}}}", value)
    assert "{" not in path, path
    return path


def form_operations(schema: dict) -> list[tuple[str, str, list[str]]]:
    """(method, path, field names) of every API operation that reads a multipart body."""
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "multipart/form-data" not in content:
                continue
            ref = content["multipart/form-data"]["schema"].get("$ref", "")
            component = schema["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {})
            found.append((method, path, sorted(component.get("properties", {}))))
    return found


def test_no_api_operation_reading_a_form_answers_a_server_error_to_file_parts():
    from drf_spectacular.generators import SchemaGenerator

    demo_organiser()
    staff = get_user_model().objects.get(username="admin")
    client = client_of(staff)
    objects = demo_objects()
    operations = form_operations(SchemaGenerator().get_schema(request=None, public=True))
    assert len(operations) >= 30
    failures = {}
    for method, path, names in operations:
        url = filled(path, objects)
        for values in ([DEEP] * len(names), ["\u202e" + "a" * 300] * len(names)):
            for _kind, body in bodies(names, values)[1:]:
                encoded = encode_multipart(BOUNDARY, body)
                answer = getattr(client, method)(url, encoded, content_type=ENCODED)
                if answer.status_code >= 500:
                    failures[f"{method.upper()} {url}"] = str(answer.status_code)
    assert not failures, failures


def test_a_refused_file_part_is_closed_at_once(player):
    """A file part the API refuses is closed by the parser that refused it: a large
    body's parts are temporary files, each an open descriptor until the garbage
    collector finds them (the full shuffled run found one, as a ResourceWarning)."""
    client = client_of(player)
    big = SimpleUploadedFile("big.json", b"[" * 3_000_000, "application/json")
    answer = client.post("/api/bots/", {"name": "Big", "kind": "builtin", "settings": big})
    assert answer.status_code == 400
    assert "settings was sent as a file" in answer.json()["detail"]
    gc.collect()  # an open file found now is an unraisable warning: the test fails
