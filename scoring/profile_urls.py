from django.urls import path

from scoring import profile_views
from scoring.views import desk

urlpatterns = [
    path(
        "events/<slug:slug>/rules-profile/",
        profile_views.rules_profile,
        name="scoring-rules-profile",
    ),
    path("events/<slug:slug>/catalogue/", profile_views.catalogue, name="scoring-catalogue"),
    path("events/<slug:slug>/desk/", desk.desk, name="scoring-desk"),
]
