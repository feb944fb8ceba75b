from django.urls import path

from integrations import api

urlpatterns = [
    path("league-files/", api.league_import, name="api-league-import"),
    path("leagues/<slug:slug>/export/", api.league_export, name="api-league-export"),
    path("leagues/<slug:slug>/hooks/", api.league_hooks, name="api-league-hooks"),
    path("events/<slug:slug>/hooks/", api.event_hooks, name="api-event-hooks"),
    path("bot-hooks/", api.author_hooks, name="api-author-hooks"),
    path("hooks/<uuid:key>/", api.hook_detail, name="api-hook"),
    path("hooks/<uuid:key>/deliveries/", api.hook_deliveries, name="api-hook-deliveries"),
    path("hooks/<uuid:key>/test/", api.hook_test, name="api-hook-test"),
    path("hooks/<uuid:key>/rotate/", api.hook_rotate, name="api-hook-rotate"),
    path("hooks/<uuid:key>/resume/", api.hook_resume, name="api-hook-resume"),
]
