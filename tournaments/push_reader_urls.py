"""The push stream of a league's page, which a reader follows beyond one event
(``tournaments.views.push``); their to-do list's is home's (``home.push_urls``)."""

from django.urls import path

from tournaments.views.push import league_changes

urlpatterns = [
    path("leagues/<slug:slug>/", league_changes, name="push-league"),
]
