from django.urls import path

from games import api

urlpatterns = [
    path("games/call-to-glory/validate/", api.validate, name="api-validate-record"),
]
