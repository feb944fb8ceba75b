"""Every app's API routes, under /api/. Each app keeps its own ``api_urls``."""

from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("games.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("bots.api_urls")),
    path("", include("play.api_urls")),
]
