from django.urls import path

from scoring.views import slip

urlpatterns = [
    path("<str:token>/", slip.slip_entry, name="slip"),
    path("<str:token>/preview/", slip.slip_preview, name="slip-preview"),
]
