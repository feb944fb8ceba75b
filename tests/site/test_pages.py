import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_home_page_tells_a_new_organiser_what_to_do_on_a_fresh_database(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"No leagues yet" in response.content
    assert b"Create a league" in response.content


def test_the_home_page_lists_public_events(client, event):
    response = client.get("/")
    assert b"Autumn Open" in response.content
    assert b"No leagues yet" not in response.content


def test_the_openapi_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi" in response.content
    assert b"/api/events/" in response.content


def test_the_api_docs_load_their_assets_from_this_site(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()
    assert '<a href="/">← Back to Leaguewright</a>' in html  # not a dead end
    german = client.get("/api/docs/", headers={"accept-language": "de"}).content.decode()
    assert '<html lang="de">' in german and "← Zurück zu Leaguewright" in german


def test_pages_load_htmx_and_styles_locally(client):
    html = client.get("/").content.decode()
    assert "/static/django_htmx/htmx" in html
    assert "/static/css/site.css" in html
    assert "https://" not in html


def test_an_unknown_page_gets_the_site_styled_404(client):
    response = client.get("/events/no-such-event/")
    assert response.status_code == 404
    assert b"Back to the events" in response.content


def test_the_api_lists_events_with_pagination(client, event):
    data = client.get("/api/events/").json()
    assert data["count"] == 1
    assert data["results"][0]["slug"] == "autumn-open"


def test_the_api_gives_a_token_for_a_login(client, player):
    from tests.fixtures.personas import PASSWORD

    response = client.post(
        reverse("api-token"), {"username": player.username, "password": PASSWORD}
    )
    token = response.json()["token"]
    me = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}").json()
    assert me["username"] == player.username


def test_the_openapi_schema_generates_without_warnings():
    from io import StringIO

    from django.core.management import call_command

    call_command("spectacular", "--validate", "--fail-on-warn", stdout=StringIO())


def test_every_url_a_template_names_exists():
    """Every ``{% url %}`` name in every templates folder (tests/site/template_files.py)
    is a URL name the site knows."""
    import re

    from django.urls import get_resolver

    from tests.site.template_files import ROOT, templates

    def names(resolver, namespace=""):
        for pattern in resolver.url_patterns:
            if hasattr(pattern, "url_patterns"):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from names(pattern, inner)
            elif pattern.name:
                yield namespace + pattern.name

    known = set(names(get_resolver()))
    used = {
        (str(path.relative_to(ROOT)), name)
        for path in templates()
        for name in re.findall(r"""{% url ['"]([\w:-]+)['"]""", path.read_text())
    }
    assert {folder.split("/")[0] for folder, _ in used} >= {"templates", "games", "room", "series"}
    assert [(template, name) for template, name in sorted(used) if name not in known] == []
