from django.urls import path

from play.api import events, games

urlpatterns = [
    path("play/", games.game_list, name="api-play-list"),
    path("play/<int:game_id>/", games.game_detail, name="api-play-detail"),
    path("play/<int:game_id>/moves/", games.game_move, name="api-play-move"),
    path("play/<int:game_id>/leave/", games.game_leave, name="api-play-leave"),
    path("play/<int:game_id>/record/", games.game_record, name="api-play-record"),
    path("tables/<int:table_id>/play/", games.table_play, name="api-table-play"),
    path("events/<slug:slug>/play/", events.event_play, name="api-event-play"),
]
