"""Every app's API routes, under /api/. Each app keeps its own ``api_urls``.

Django tries the routes in order, and no app's routes match another's paths
(``tests/site/test_api_routes.py``), so the busiest come first: play's (a live game's
moves and waits are most of the API's requests), then scoring's (the round-end rush's
thousand entries and confirmations, which walked some 90 routes each behind
tournaments')."""

from django.urls import include, path
from rest_framework.routers import APIRootView

# What GET /api/ lists: the collections of every app, and where the API is described
# (each app's router has no root of its own: two roots shared this path, and one hid
# the other's collections). The routers' names start with "api-": "event-detail" and
# "league-detail" are the pages'.
ROOT = {
    "leagues": "api-league-list",
    "events": "api-event-list",
    "games": "api-game-list",
    "my-todo": "api-my-todo",
    "bots": "api-bot-list",
    "bot-batches": "api-bot-batch-list",
    "bot-matches": "api-bot-match-list",
    "schema": "api-schema",
    "docs": "api-docs",
}

urlpatterns = [
    path("", APIRootView.as_view(api_root_dict=ROOT), name="api-root"),
    path("", include("play.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("accounts.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("standings.api_urls")),
    path("", include("games.api_urls")),
    path("", include("room.api_urls")),
    path("", include("bots.api_urls")),
    path("", include("integrations.api_urls")),
    path("", include("series.api_urls")),
    path("", include("declarations.api_urls")),
]
