from django.urls import path
from rest_framework.routers import DefaultRouter

from tournaments.api import (
    bgstats,
    entrants,
    events,
    game_catalogue,
    games,
    leagues,
    me,
    round_clock,
    rounds,
    seasons,
)

router = DefaultRouter()
router.register("leagues", leagues.LeagueViewSet, basename="league")
router.register("events", events.EventViewSet, basename="event")
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
