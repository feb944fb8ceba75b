from django.urls import path

from room import api

urlpatterns = [
    path("events/<slug:slug>/desk/", api.desk_state, name="api-desk"),
    path("events/<slug:slug>/desk/entries/", api.desk_enter, name="api-desk-enter"),
    path("events/<slug:slug>/desk/confirmations/", api.desk_confirm, name="api-desk-confirm"),
    path("events/<slug:slug>/judge-calls/", api.event_calls, name="api-judge-calls"),
    path("tables/<int:table_id>/judge-calls/", api.table_call, name="api-table-judge-calls"),
    *(
        path(
            f"judge-calls/<int:call_id>/{step}/",
            api.call_step,
            {"step": step},
            name=f"api-judge-call-{step}",
        )
        for step in api.STEPS
    ),
]
