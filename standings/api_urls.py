from django.urls import path

from standings import api

urlpatterns = [
    path("leagues/<slug:slug>/leaderboard/", api.leaderboard, name="league-leaderboard"),
]
