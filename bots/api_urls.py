from django.urls import path
from rest_framework.routers import DefaultRouter

from bots.api.batches import BatchViewSet
from bots.api.bots import BotViewSet
from bots.api.matches import MatchViewSet
from bots.api.uploads import BotSourceView, UploadedBotView

router = DefaultRouter()
router.register("bots", BotViewSet, basename="bot")
router.register("bot-batches", BatchViewSet, basename="bot-batch")
router.register("bot-matches", MatchViewSet, basename="bot-match")
urlpatterns = [
    path("bots/upload/", UploadedBotView.as_view(), name="bot-upload"),
    path("bots/<int:pk>/source/", BotSourceView.as_view(), name="bot-source"),
    *router.urls,
]
