from django.urls import path

from scoring.views import entry, table

urlpatterns = [
    path("tables/<int:table_id>/", table.table_page, name="scoring-table"),
    path("tables/<int:table_id>/confirm/", table.confirm, name="scoring-confirm"),
    path("tables/<int:table_id>/dispute/", table.dispute, name="scoring-dispute"),
    path("tables/<int:table_id>/take-back/", table.take_back, name="scoring-take-back"),
    path("tables/<int:table_id>/settle/", table.settle, name="scoring-settle"),
    path("tables/<int:table_id>/record/", table.upload_record, name="scoring-record"),
    # Every game's entry page, at the path its registration names (``EntryPage.path``).
    path("tables/<int:table_id>/<slug:path>/", entry.entry, name="scoring-entry"),
    path(
        "tables/<int:table_id>/<slug:path>/preview/",
        entry.entry_preview,
        name="scoring-entry-preview",
    ),
]
