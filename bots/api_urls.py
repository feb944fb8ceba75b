from django.urls import path
from rest_framework.routers import SimpleRouter

from bots.api.batches import BatchViewSet
from bots.api.bots import BotViewSet
from bots.api.matches import MatchViewSet
from bots.api.uploads import BotSourceView, UploadedBotView

router = SimpleRouter()  # the API's one root: config/api_urls.py
router.register("bots", BotViewSet, basename="api-bot")
router.register("bot-batches", BatchViewSet, basename="api-bot-batch")
router.register("bot-matches", MatchViewSet, basename="api-bot-match")
urlpatterns = [
    path("bots/upload/", UploadedBotView.as_view(), name="bot-upload"),
    path("bots/<int:pk>/source/", BotSourceView.as_view(), name="bot-source"),
    *router.urls,
]
