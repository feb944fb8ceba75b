"""The hooks' pages and API: their league's or event's organisers only; every write
checked; bad input a 400 naming the field; the API in the OpenAPI schema."""

import pytest

from integrations.models import Delivery, Hook

pytestmark = pytest.mark.django_db


def test_an_organiser_adds_a_signed_hook_on_the_event_page_and_sees_its_secret(
    event, organiser, client_for
):
    client = client_for(organiser)
    page = client.get("/integrations/events/autumn-open/hooks/")
    assert page.status_code == 200 and "No webhooks yet." in page.text
    response = client.post(
        "/integrations/events/autumn-open/hooks/",
        {
            "kind": "signed",
            "url": "https://hooks.example.org/lw",
            "topics": ["result.official", "event.finished"],
            "language": "en",
        },
    )
    hook = Hook.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"{hook.key}/")
    assert hook.topics == ["event.finished", "result.official"]
    detail = client.get(response["Location"])
    assert hook.secret in detail.text and "Nothing sent yet." in detail.text


def test_a_signed_hook_without_topics_is_refused_beside_the_field(event, organiser, client_for):
    response = client_for(organiser).post(
        "/integrations/events/autumn-open/hooks/",
        {"kind": "signed", "url": "https://hooks.example.org/lw", "language": "en"},
    )
    assert response.status_code == 400
    assert "Choose one or more of the events listed." in response.text
    assert not Hook.objects.exists()


@pytest.mark.parametrize("who", ["outsider", "player", "anonymous"])
def test_nobody_but_organisers_sees_or_changes_hooks(request, table, organiser, client_for, who):
    hook = Hook.objects.create(
        event=table.round.event, kind="chat", url="https://chat.example.org/x", created_by=organiser
    )
    client = client_for(request.getfixturevalue(who))
    for path in (
        "/integrations/events/autumn-open/hooks/",
        "/integrations/leagues/tuesday-club/hooks/",
        f"/integrations/hooks/{hook.key}/",
        f"/api/hooks/{hook.key}/",
    ):
        assert client.get(path).status_code in (302, 401, 403), path
    for path in (f"/integrations/hooks/{hook.key}/test/", f"/api/hooks/{hook.key}/rotate/"):
        assert client.post(path).status_code in (302, 401, 403), path
    assert client.delete(f"/api/hooks/{hook.key}/").status_code in (401, 403)
    assert Hook.objects.filter(pk=hook.pk).exists() and not Delivery.objects.exists()


def test_the_api_adds_lists_tests_and_deletes_a_league_hook(
    league, organiser, client_for, monkeypatch
):
    from integrations import deliveries

    monkeypatch.setattr(deliveries, "send_all", lambda ids, countdown=0: None)
    client = client_for(organiser)
    created = client.post(
        "/api/leagues/tuesday-club/hooks/",
        {"kind": "chat", "url": "https://discord.example.org/api/webhooks/1/x", "language": "ru"},
        content_type="application/json",
    )
    assert created.status_code == 201, created.json()
    key = created.json()["id"]
    assert client.get("/api/leagues/tuesday-club/hooks/").json()[0]["language"] == "ru"
    assert client.post(f"/api/hooks/{key}/test/").status_code == 200
    (delivery,) = client.get(f"/api/hooks/{key}/deliveries/").json()
    assert delivery["topic"] == "test" and delivery["status"] == "pending"
    bad = client.post(
        "/api/leagues/tuesday-club/hooks/",
        {"kind": "chat", "url": "gopher://x.example.org/"},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "url" in bad.json()
    assert client.delete(f"/api/hooks/{key}/").status_code == 204
    assert not Hook.objects.exists()


def test_the_hooks_api_is_in_the_openapi_schema(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    for path in (
        "/api/leagues/{slug}/hooks/",
        "/api/events/{slug}/hooks/",
        "/api/hooks/{key}/",
        "/api/hooks/{key}/test/",
        "/api/hooks/{key}/rotate/",
        "/api/hooks/{key}/resume/",
        "/api/hooks/{key}/deliveries/",
    ):
        assert path in paths, path
