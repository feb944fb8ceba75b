from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api import (
    bgstats,
    entrants,
    events,
    game_catalogue,
    games,
    leagues,
    me,
    round_check_in,
    round_clock,
    rounds,
    seasons,
    teams,
)

router = SimpleRouter()  # the API's one root: config/api_urls.py
router.register("leagues", leagues.LeagueViewSet, basename="api-league")
router.register("events", events.EventViewSet, basename="api-event")
urlpatterns = [
    *router.urls,
    path("me/todo/", me.my_todo, name="api-my-todo"),
    path("games/", game_catalogue.game_list, name="api-game-list"),
    path("games/<str:key>/", game_catalogue.game_detail, name="api-game-detail"),
    path(
        "leagues/<slug:slug>/export/bgstats/",
        bgstats.export_bgstats,
        name="api-league-export-bgstats",
    ),
    path(
        "leagues/<slug:slug>/import/bgstats/",
        bgstats.import_bgstats,
        name="api-league-import-bgstats",
    ),
    path("leagues/<slug:slug>/seasons/", seasons.season_list, name="api-season-list"),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/",
        seasons.season_detail,
        name="api-season-detail",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/archive/",
        seasons.season_archive,
        name="api-season-archive",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/unarchive/",
        seasons.season_unarchive,
        name="api-season-unarchive",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/close/",
        seasons.season_close,
        name="api-season-close",
    ),
    path("events/<slug:slug>/rounds/", rounds.round_list, name="api-round-list"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_detail, name="api-round-detail"),
    path(
        "events/<slug:slug>/rounds/<int:number>/repair/",
        rounds.round_repair,
        name="api-round-repair",
    ),
    path("events/<slug:slug>/rounds/<int:number>/swap/", rounds.round_swap, name="api-round-swap"),
    path(
        "events/<slug:slug>/rounds/<int:number>/publish/",
        rounds.round_publish,
        name="api-round-publish",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/discard/",
        rounds.round_discard,
        name="api-round-discard",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/clock/",
        round_clock.round_clock,
        name="api-round-clock",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/attendance/",
        round_check_in.round_attendance,
        name="api-round-attendance",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/check-in/",
        round_check_in.round_check_in,
        name="api-round-check-in",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/close-check-in/",
        round_check_in.round_close_check_in,
        name="api-round-close-check-in",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/forfeits/<int:entrant_id>/undo/",
        round_check_in.forfeit_undo,
        name="api-forfeit-undo",
    ),
    path("events/<slug:slug>/teams/", teams.team_list, name="api-team-list"),
    path("events/<slug:slug>/teams/<int:team_id>/", teams.team_detail, name="api-team-detail"),
    path(
        "events/<slug:slug>/teams/<int:team_id>/players/",
        teams.team_players,
        name="api-team-players",
    ),
    path(
        "events/<slug:slug>/teams/<int:team_id>/players/<int:entrant_id>/",
        teams.team_player,
        name="api-team-player",
    ),
    path("events/<slug:slug>/live/", round_clock.event_live, name="api-event-live"),
    path("events/<slug:slug>/games/", games.log_game, name="api-log-game"),
    path("events/<slug:slug>/entrants/", entrants.entrant_list, name="api-entrant-list"),
    path("events/<slug:slug>/entrants/import/", entrants.entrant_import, name="api-entrant-import"),
    path(
        "events/<slug:slug>/entrants/candidates/",
        entrants.entrant_candidates,
        name="api-entrant-candidates",
    ),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/",
        entrants.entrant_place,
        name="api-entrant-place",
    ),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/drop/",
        entrants.entrant_drop,
        name="api-entrant-drop",
    ),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/reinstate/",
        entrants.entrant_reinstate,
        name="api-entrant-reinstate",
    ),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/seed/",
        entrants.entrant_seed,
        name="api-entrant-seed",
    ),
]
