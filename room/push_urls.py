from django.urls import path

from room.views.push import desk_changes, director_changes, judges_changes, stream_changes

urlpatterns = [
    path("events/<slug:slug>/judges/", judges_changes, name="push-room-judges"),
    path("events/<slug:slug>/fast-desk/", desk_changes, name="push-room-desk"),
    path("events/<slug:slug>/director/", director_changes, name="push-room-director"),
    path("stream/<str:token>/", stream_changes, name="push-room-stream"),
]
