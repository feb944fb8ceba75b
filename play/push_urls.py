from django.urls import path

from play.views.push import game_changes

urlpatterns = [path("<int:game_id>/", game_changes, name="push-game")]
