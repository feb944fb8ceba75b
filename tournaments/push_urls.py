from django.urls import path

from tournaments.views.push import event_changes, event_page_changes, round_changes

urlpatterns = [
    path("<slug:slug>/", event_changes, name="push-event"),
    path("<slug:slug>/page/", event_page_changes, name="push-event-page"),
    path("<slug:slug>/rounds/<int:number>/", round_changes, name="push-round"),
]
