"""Every app's API routes, under /api/. Each app keeps its own ``api_urls``.

Play's come first: a live game's moves and waits are most of the API's requests, and
Django tries the routes in order (no app's routes match another's paths)."""

from django.urls import include, path

urlpatterns = [
    path("", include("play.api_urls")),
    path("", include("accounts.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("standings.api_urls")),
    path("", include("games.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("room.api_urls")),
    path("", include("bots.api_urls")),
    path("", include("integrations.api_urls")),
    path("", include("series.api_urls")),
    path("", include("declarations.api_urls")),
]
