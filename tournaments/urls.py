from django.urls import path

from tournaments.views import entrants, events, exports, rounds

urlpatterns = [
    path("", events.home, name="home"),
    path("leagues/new/", events.league_create, name="league-create"),
    path("leagues/<slug:slug>/", events.league_detail, name="league-detail"),
    path("leagues/<slug:slug>/seasons/new/", events.season_create, name="season-create"),
    path("leagues/<slug:slug>/events/new/", events.event_create, name="event-create"),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/close/",
        events.season_close,
        name="season-close",
    ),
    path("events/<slug:slug>/", events.event_detail, name="event-detail"),
    path("events/<slug:slug>/games/new/", events.log_game, name="event-log-game"),
    path("events/<slug:slug>/finish/", events.finish_event, name="event-finish"),
    path("events/<slug:slug>/reopen/", events.reopen_event, name="event-reopen"),
    path("events/<slug:slug>/cut/", events.cut_event, name="event-cut"),
    path(
        "events/<slug:slug>/standings/recompute/",
        events.recompute_standings,
        name="event-recompute-standings",
    ),
    path("events/<slug:slug>/entrants/", entrants.entrants, name="event-entrants"),
    path("events/<slug:slug>/entrants/import/", entrants.import_entrants, name="event-import"),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/place/",
        entrants.set_place,
        name="entrant-place",
    ),
    path("events/<slug:slug>/organisers/", entrants.add_organiser, name="event-add-organiser"),
    path(
        "events/<slug:slug>/organisers/<int:user_id>/remove/",
        entrants.remove_organiser,
        name="event-remove-organiser",
    ),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/",
        events.entrant_detail,
        name="entrant-detail",
    ),
    path("events/<slug:slug>/entrants/<int:entrant_id>/drop/", entrants.drop, name="entrant-drop"),
    path("events/<slug:slug>/rounds/pair/", rounds.pair_next, name="round-pair"),
    path("events/<slug:slug>/rounds/<int:number>/", rounds.round_detail, name="round-detail"),
    path("events/<slug:slug>/rounds/<int:number>/board/", rounds.round_board, name="round-board"),
    path("events/<slug:slug>/rounds/<int:number>/print/", rounds.round_print, name="round-print"),
    path("events/<slug:slug>/rounds/<int:number>/repair/", rounds.repair, name="round-repair"),
    path("events/<slug:slug>/rounds/<int:number>/swap/", rounds.swap, name="round-swap"),
    path("events/<slug:slug>/export/<str:kind>.csv", exports.export_csv, name="event-export"),
]
