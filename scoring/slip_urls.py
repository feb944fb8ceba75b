"""Scoring's addresses at the site's root: a printed slip's short link and the service
worker (whose scope is the folder it is served from)."""

from django.urls import path

from scoring.views import offline, slip

urlpatterns = [
    path("t/<str:token>/", slip.slip_entry, name="slip"),
    path("t/<str:token>/preview/", slip.slip_preview, name="slip-preview"),
    path("t/<str:token>/check-in/", slip.slip_check_in, name="slip-check-in"),
    path("sw.js", offline.service_worker, name="service-worker"),
]
