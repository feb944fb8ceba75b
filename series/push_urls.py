from django.urls import path

from series.push import series_changes

urlpatterns = [
    path("series/<slug:slug>/", series_changes, name="push-series"),
]
