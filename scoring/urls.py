from django.urls import path

from scoring.views import adventure, glory, scores, table

urlpatterns = [
    path("tables/<int:table_id>/", table.table_page, name="scoring-table"),
    path("tables/<int:table_id>/confirm/", table.confirm, name="scoring-confirm"),
    path("tables/<int:table_id>/dispute/", table.dispute, name="scoring-dispute"),
    path("tables/<int:table_id>/take-back/", table.take_back, name="scoring-take-back"),
    path("tables/<int:table_id>/settle/", table.settle, name="scoring-settle"),
    path("tables/<int:table_id>/record/", table.upload_record, name="scoring-record"),
    path("tables/<int:table_id>/glory/", glory.glory_entry, name="scoring-glory"),
    path("tables/<int:table_id>/glory/preview/", glory.glory_preview, name="scoring-glory-preview"),
    path("tables/<int:table_id>/adventure/", adventure.adventure_entry, name="scoring-adventure"),
    path("tables/<int:table_id>/scores/", scores.scores_entry, name="scoring-scores"),
    path(
        "tables/<int:table_id>/scores/preview/",
        scores.scores_preview,
        name="scoring-scores-preview",
    ),
    path(
        "tables/<int:table_id>/adventure/preview/",
        adventure.adventure_preview,
        name="scoring-adventure-preview",
    ),
]
