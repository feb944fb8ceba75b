from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework.authtoken.views import obtain_auth_token

from accounts import api

urlpatterns = [
    path("me/", extend_schema(responses=api.MeSerializer)(api.me), name="api-me"),
    path("token/", obtain_auth_token, name="api-token"),
]
