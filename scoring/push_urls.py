from django.urls import path

from scoring.views.push import desk_changes, table_changes

urlpatterns = [
    path("events/<slug:slug>/desk/", desk_changes, name="push-desk"),
    path("tables/<int:table_id>/", table_changes, name="push-table"),
]
