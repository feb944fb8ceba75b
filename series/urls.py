from django.urls import path

from series import views

urlpatterns = [
    path("leagues/<slug:slug>/series/new/", views.series_create, name="series-create"),
    path("leagues/<slug:slug>/recurring/", views.league_recurring, name="league-recurring"),
    path(
        "leagues/<slug:slug>/recurring/<int:schedule_id>/stop/",
        views.schedule_stop,
        name="schedule-stop",
    ),
    path("events/<slug:slug>/duplicate/", views.event_duplicate, name="event-duplicate"),
    path("series/<slug:slug>/", views.series_detail, name="series-detail"),
    path("series/<slug:slug>/rules/", views.series_edit, name="series-edit"),
    path("series/<slug:slug>/events/", views.series_add_event, name="series-add-event"),
    path(
        "series/<slug:slug>/events/remove/", views.series_remove_event, name="series-remove-event"
    ),
]
