from django.urls import path

from play.views import challenges, events, games, learning, lobby, people, vacation

app_name = "play"

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("new/", lobby.play_now, name="play-now"),
    path("how-to-play/<str:game>/", learning.how_to_play, name="how-to-play"),
    path("<int:game_id>/", games.game_page, name="game"),
    path("<int:game_id>/board/", games.board_fragment, name="board"),
    path("<int:game_id>/move/", games.move, name="move"),
    path("<int:game_id>/leave/", games.leave, name="leave"),
    path("tables/<int:table_id>/", games.start_table_game, name="table-play"),
    path("tables/<int:table_id>/replay/", games.replay_table, name="table-replay"),
    path("tables/<int:table_id>/void/", games.void_table, name="table-void"),
    path("challenges/new/", challenges.challenge_new, name="challenge-new"),
    path("challenges/<int:challenge_id>/", challenges.challenge_page, name="challenge"),
    path("challenges/<int:challenge_id>/accept/", challenges.accept, name="challenge-accept"),
    path("challenges/<int:challenge_id>/decline/", challenges.decline, name="challenge-decline"),
    path("open-tables/new/", challenges.table_new, name="table-new"),
    path("open-tables/<int:challenge_id>/join/", challenges.join, name="table-join"),
    path("open-tables/<int:challenge_id>/leave/", challenges.leave, name="table-leave"),
    path("join/<str:token>/", challenges.join_by_link, name="join"),
    path("people/<str:username>/", people.person_page, name="person"),
    path("vacation/", vacation.vacation_page, name="vacation"),
    path("vacation/end/", vacation.end_vacation, name="vacation-end"),
    path("events/<slug:slug>/pace/", events.event_pace, name="event-pace"),
]
