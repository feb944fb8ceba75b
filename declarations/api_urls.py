from django.urls import path

from declarations import api

urlpatterns = [
    path("events/<slug:slug>/declarations/", api.declarations, name="api-declarations"),
    path(
        "events/<slug:slug>/declarations/drop-missing/",
        api.drop_missing,
        name="api-declarations-drop-missing",
    ),
    path(
        "events/<slug:slug>/declarations/<int:entrant_id>/",
        api.declaration,
        name="api-declaration",
    ),
    path(
        "events/<slug:slug>/declarations/<int:entrant_id>/lock/",
        api.declaration_lock,
        name="api-declaration-lock",
    ),
]
