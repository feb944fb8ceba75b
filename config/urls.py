from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz, status_page
from lib.language import set_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its script as a file: the Content-Security-Policy runs no
    # inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("config.api_urls")),
    path("healthz", healthz, name="healthz"),
    path("status/", status_page, name="status"),
    # Push streams (lib.push): served by an ASGI server, which production routes
    # /push/ to (docs/push.md).
    path("push/play/", include("play.push_urls")),
    path("push/events/", include("tournaments.push_urls")),
    path("push/bots/", include("bots.push_urls")),
    path("push/scoring/", include("scoring.push_urls")),
    path("push/room/", include("room.push_urls")),
    path("push/", include("tournaments.push_reader_urls")),
    path("push/", include("series.push_urls")),
    path("push/", include("home.push_urls")),
    path("language/", set_language, name="set-language"),
    path("games/", include("games.urls")),
    path("scoring/", include("scoring.urls")),
    path("scoring/", include("scoring.profile_urls")),
    path("bots/", include("bots.urls")),
    path("play/", include("play.urls")),
    path("integrations/", include("integrations.urls")),
    path("", include("series.urls")),
    path("", include("declarations.urls")),
    # A printed slip's QR code (short, for the camera) and the service worker.
    path("", include("scoring.slip_urls")),
    path("", include("room.urls")),
    path("", include("home.urls")),
    path("", include("tournaments.urls")),
    # After tournaments': its "leagues/new/" before the league's page.
    path("", include("standings.urls")),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
