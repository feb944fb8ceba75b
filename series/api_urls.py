from django.urls import path

from series import api

urlpatterns = [
    path("leagues/<slug:slug>/series/", api.series_list, name="api-series-list"),
    path("series/<slug:slug>/", api.series_detail, name="api-series-detail"),
    path("series/<slug:slug>/events/", api.series_add_event, name="api-series-add-event"),
    path(
        "series/<slug:slug>/events/remove/",
        api.series_remove_event,
        name="api-series-remove-event",
    ),
    path("leagues/<slug:slug>/recurring/", api.schedule_list, name="api-schedule-list"),
    path("events/<slug:slug>/duplicate/", api.event_duplicate, name="api-event-duplicate"),
    path(
        "leagues/<slug:slug>/recurring/<int:schedule_id>/stop/",
        api.schedule_stop,
        name="api-schedule-stop",
    ),
]
