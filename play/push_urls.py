from django.urls import path

from play.views.push import challenge_changes_stream, game_changes

urlpatterns = [
    path("<int:game_id>/", game_changes, name="push-game"),
    path(
        "challenges/<int:challenge_id>/",
        challenge_changes_stream,
        name="push-challenge",
    ),
]
