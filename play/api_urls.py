from django.urls import path

from play.api import challenges, events, games, vacation

urlpatterns = [
    path("play/", games.game_list, name="api-play-list"),
    path("play/<int:game_id>/", games.game_detail, name="api-play-detail"),
    path("play/<int:game_id>/moves/", games.game_move, name="api-play-move"),
    path("play/<int:game_id>/leave/", games.game_leave, name="api-play-leave"),
    path("play/<int:game_id>/record/", games.game_record, name="api-play-record"),
    path("play/challenges/", challenges.challenge_list, name="api-play-challenges"),
    path(
        "play/challenges/<int:challenge_id>/",
        challenges.challenge_detail,
        name="api-play-challenge",
    ),
    path(
        "play/challenges/<int:challenge_id>/accept/",
        challenges.challenge_accept,
        name="api-play-challenge-accept",
    ),
    path(
        "play/challenges/<int:challenge_id>/decline/",
        challenges.challenge_decline,
        name="api-play-challenge-decline",
    ),
    path("play/tables/", challenges.table_list, name="api-play-tables"),
    path("play/tables/<int:table_id>/join/", challenges.table_join, name="api-play-table-join"),
    path("play/tables/<int:table_id>/leave/", challenges.table_leave, name="api-play-table-leave"),
    path("play/vacation/", vacation.vacation, name="api-play-vacation"),
    path("tables/<int:table_id>/play/", games.table_play, name="api-table-play"),
    path("events/<slug:slug>/play/", events.event_play, name="api-event-play"),
]
