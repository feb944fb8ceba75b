from django.urls import path

from scoring import api, api_offline

urlpatterns = [
    path("tables/<int:table_id>/submissions/", api.table_submissions, name="api-table-submissions"),
    path("tables/<int:table_id>/override/", api.table_override, name="api-table-override"),
    path(
        "tables/<int:table_id>/entry-form/",
        api_offline.table_entry_form,
        name="api-table-entry-form",
    ),
    path("slips/<str:token>/entry-form/", api_offline.slip_entry_form, name="api-slip-entry-form"),
    path("submissions/<int:submission_id>/confirm/", api.confirm, name="api-confirm"),
    path("submissions/<int:submission_id>/dispute/", api.dispute, name="api-dispute"),
    path("submissions/<int:submission_id>/resolve/", api.resolve, name="api-resolve"),
]
