from django.urls import path
from drf_spectacular.utils import extend_schema

from accounts import api

urlpatterns = [
    path("me/", extend_schema(responses=api.MeSerializer)(api.me), name="api-me"),
    path("token/", api.obtain_expiring_token, name="api-token"),
]
