from django.urls import path

from scoring import profile_views

urlpatterns = [
    path(
        "events/<slug:slug>/rules-profile/",
        profile_views.rules_profile,
        name="scoring-rules-profile",
    ),
]
