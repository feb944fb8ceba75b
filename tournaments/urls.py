from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path(
        "events/<slug:slug>/standings/recompute/",
        views.recompute_standings,
        name="event-recompute-standings",
    ),
]
