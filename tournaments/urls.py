from django.urls import path

from tournaments.views import editing, entrants, events, exports, projector, registration, rounds

urlpatterns = [
    path("", events.home, name="home"),
    path("leagues/new/", events.league_create, name="league-create"),
    path("leagues/<slug:slug>/", events.league_detail, name="league-detail"),
    path("leagues/<slug:slug>/edit/", editing.league_edit, name="league-edit"),
    path("leagues/<slug:slug>/archive/", editing.league_archive, name="league-archive"),
    path("leagues/<slug:slug>/delete/", editing.league_delete, name="league-delete"),
    path("leagues/<slug:slug>/seasons/new/", events.season_create, name="season-create"),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/edit/",
        editing.season_edit,
        name="season-edit",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/archive/",
        editing.season_archive,
        name="season-archive",
    ),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/delete/",
        editing.season_delete,
        name="season-delete",
    ),
    path("leagues/<slug:slug>/events/new/", events.event_create, name="event-create"),
    path(
        "leagues/<slug:slug>/seasons/<int:season_id>/close/",
        events.season_close,
        name="season-close",
    ),
    path("events/<slug:slug>/", events.event_detail, name="event-detail"),
    path("events/<slug:slug>/edit/", editing.event_edit, name="event-edit"),
    path("events/<slug:slug>/projector/", projector.projector, name="event-projector"),
    path("events/<slug:slug>/archive/", editing.event_archive, name="event-archive"),
    path("events/<slug:slug>/delete/", editing.event_delete, name="event-delete"),
    path("events/<slug:slug>/register/", registration.register, name="event-register"),
    path("events/<slug:slug>/withdraw/", registration.withdraw, name="event-withdraw"),
    path("events/<slug:slug>/check-in/", registration.check_in, name="event-check-in"),
    path(
        "events/<slug:slug>/entrants/<int:entrant_id>/check-in/",
        registration.check_in_entrant,
        name="entrant-check-in",
    ),
    path(
        "events/<slug:slug>/no-shows/drop/", registration.drop_no_shows, name="event-drop-no-shows"
    ),
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
    path("events/<slug:slug>/rounds/<int:number>/publish/", rounds.publish, name="round-publish"),
    path("events/<slug:slug>/rounds/<int:number>/clock/", rounds.clock, name="round-clock"),
    path("events/<slug:slug>/export/<str:kind>.csv", exports.export_csv, name="event-export"),
]
