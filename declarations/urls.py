from django.urls import path

from declarations import views

urlpatterns = [
    path("events/<slug:slug>/declarations/", views.declarations_page, name="event-declarations"),
    path("events/<slug:slug>/declarations/ask/", views.ask, name="event-declarations-ask"),
    path(
        "events/<slug:slug>/declarations/drop-missing/",
        views.drop_missing,
        name="event-declarations-drop",
    ),
    path(
        "events/<slug:slug>/declarations/<int:entrant_id>/",
        views.declare,
        name="event-declare",
    ),
    path(
        "events/<slug:slug>/declarations/<int:entrant_id>/lock/",
        views.lock,
        name="event-declaration-lock",
    ),
]
