from django.urls import path

from play.views import events, games, learning, lobby

app_name = "play"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.play_now, name="play-now"),
    path("how-to-play/", learning.how_to_play, name="how-to-play"),
    path("<int:game_id>/", games.game_page, name="game"),
    path("<int:game_id>/board/", games.board_fragment, name="board"),
    path("<int:game_id>/move/", games.move, name="move"),
    path("<int:game_id>/leave/", games.leave, name="leave"),
    path("tables/<int:table_id>/", games.start_table_game, name="table-play"),
    path("tables/<int:table_id>/replay/", games.replay_table, name="table-replay"),
    path("tables/<int:table_id>/void/", games.void_table, name="table-void"),
    path("events/<slug:slug>/pace/", events.event_pace, name="event-pace"),
]
