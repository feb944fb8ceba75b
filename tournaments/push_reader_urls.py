"""Push streams of what a reader follows beyond one event (``tournaments.views.push``):
their to-do list and a league's leaderboard."""

from django.urls import path

from tournaments.views.push import league_changes, todo_changes

urlpatterns = [
    path("todo/", todo_changes, name="push-todo"),
    path("leagues/<slug:slug>/", league_changes, name="push-league"),
]
