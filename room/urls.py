from django.urls import path

from room.views import calls, desk, director, staff, stream

urlpatterns = [
    path("events/<slug:slug>/staff/", staff.staff_page, name="room-staff"),
    path(
        "events/<slug:slug>/staff/<int:role_id>/remove/",
        staff.remove_staff,
        name="room-remove-staff",
    ),
    path("events/<slug:slug>/judges/", calls.judges_page, name="room-judges"),
    path(
        "events/<slug:slug>/judges/calls/<int:call_id>/<slug:action>/",
        calls.call_action,
        name="room-call-action",
    ),
    path("room/tables/<int:table_id>/call/", calls.call_judge, name="room-call-judge"),
    path("t/<str:token>/judge/", calls.slip_call, name="room-slip-call"),
    path("events/<slug:slug>/fast-desk/", desk.fast_desk, name="room-desk"),
    path("events/<slug:slug>/director/", director.director, name="room-director"),
    path("events/<slug:slug>/stream/", stream.switch, name="room-stream-switch"),
    path("stream/<str:token>/", stream.stream_page, name="room-stream"),
]
