from django.urls import path

from scoring import api

urlpatterns = [
    path("tables/<int:table_id>/submissions/", api.table_submissions, name="api-table-submissions"),
    path("tables/<int:table_id>/override/", api.table_override, name="api-table-override"),
    path("submissions/<int:submission_id>/confirm/", api.confirm, name="api-confirm"),
    path("submissions/<int:submission_id>/dispute/", api.dispute, name="api-dispute"),
    path("submissions/<int:submission_id>/resolve/", api.resolve, name="api-resolve"),
]
