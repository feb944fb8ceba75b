"""The API's routes take only their own paths, so the order ``config/api_urls.py`` tries
the apps in (the busiest first) changes no answer: each route's path, its values filled
in, resolves to that route's view."""

import re

import pytest
from django.urls import URLPattern, URLResolver, resolve
from django.urls.resolvers import RoutePattern

from config import api_urls

# A value of each converter the routes use.
SAMPLES = {
    "int": "7",
    "str": "x",
    "slug": "x-y",
    "path": "x/y",
    "uuid": "12345678-1234-5678-1234-567812345678",
}
VALUE = re.compile(r"<(?:(\w+):)?\w+>")


def routes(resolver: URLResolver, prefix: str = ""):
    """Each ``path()`` route under ``resolver``, as (a path it takes, the route). DRF's
    ``.json`` variants and routers' regular expressions are left out."""
    for pattern in resolver.url_patterns:
        route = str(pattern.pattern)
        if not isinstance(pattern.pattern, RoutePattern) or "drf_format_suffix" in route:
            continue
        filled = prefix + VALUE.sub(lambda value: SAMPLES[value.group(1) or "str"], route)
        if isinstance(pattern, URLResolver):
            yield from routes(pattern, filled)
        else:
            yield filled, pattern


def test_each_api_route_resolves_to_its_own_view():
    checked: list[URLPattern] = []
    for app in api_urls.urlpatterns:
        for path, route in routes(app) if isinstance(app, URLResolver) else [("", app)]:
            assert resolve(f"/api/{path}").func is route.callback, path
            checked.append(route)

    names = {route.name for route in checked}
    assert {"api-confirm", "api-table-submissions", "api-table-play"} <= names
    assert len(checked) > 80


@pytest.mark.django_db
def test_the_api_root_lists_every_apps_collections(client_for, player):
    client = client_for(player)  # "my-todo" is a person's
    answer = client.get("/api/", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    listed = answer.json()
    assert set(listed) == set(api_urls.ROOT)
    assert listed["bots"].endswith("/api/bots/") and listed["events"].endswith("/api/events/")
    for link in listed.values():  # each answers (the docs are a page)
        assert client.get(link).status_code == 200, link
