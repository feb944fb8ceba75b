from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import healthz
from config.language import set_language

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its script as a file: the Content-Security-Policy runs no
    # inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("config.api_urls")),
    path("healthz", healthz, name="healthz"),
    # Push streams (config.push): served by an ASGI server, which production routes
    # /push/ to (docs/push.md).
    path("push/play/", include("play.push_urls")),
    path("push/events/", include("tournaments.push_urls")),
    path("push/bots/", include("bots.push_urls")),
    path("push/scoring/", include("scoring.push_urls")),
    path("push/", include("tournaments.push_reader_urls")),
    path("language/", set_language, name="set-language"),
    path("games/", include("games.urls")),
    path("scoring/", include("scoring.urls")),
    path("scoring/", include("scoring.profile_urls")),
    path("bots/", include("bots.urls")),
    path("play/", include("play.urls")),
    # A printed slip's QR code (short, for the camera) and the service worker.
    path("", include("scoring.slip_urls")),
    path("", include("tournaments.urls")),
]

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
