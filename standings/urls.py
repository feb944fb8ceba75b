from django.urls import path

from standings import views

urlpatterns = [
    path("leagues/<slug:slug>/", views.league_detail, name="league-detail"),
]
