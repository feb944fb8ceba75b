from django.urls import path

from integrations.views import calendars, embeds, hooks, league_files

urlpatterns = [
    path("leagues/import/", league_files.league_import, name="integrations-league-import"),
    path(
        "leagues/<slug:slug>/export/",
        league_files.league_export,
        name="integrations-league-export",
    ),
    path("embed/events/<slug:slug>/", embeds.event_embed, name="integrations-event-embed"),
    path("embed/leagues/<slug:slug>/", embeds.league_embed, name="integrations-league-embed"),
    path(
        "leagues/<slug:slug>/calendar.ics",
        calendars.league_calendar,
        name="integrations-league-calendar",
    ),
    path("calendar/", calendars.calendar_page, name="integrations-calendar"),
    path("calendar/reset/", calendars.calendar_reset, name="integrations-calendar-reset"),
    path(
        "calendar/<str:token>.ics",
        calendars.person_calendar,
        name="integrations-person-calendar",
    ),
    path("leagues/<slug:slug>/hooks/", hooks.league_hooks, name="integrations-league-hooks"),
    path("events/<slug:slug>/hooks/", hooks.event_hooks, name="integrations-event-hooks"),
    path("bots/hooks/", hooks.author_hooks, name="integrations-author-hooks"),
    path("hooks/<uuid:key>/", hooks.hook_detail, name="integrations-hook"),
    path(
        "hooks/<uuid:key>/<str:action>/",
        hooks.hook_action,
        name="integrations-hook-action",
    ),
]
