from rest_framework.routers import DefaultRouter

from bots.api.batches import BatchViewSet
from bots.api.bots import BotViewSet
from bots.api.matches import MatchViewSet

router = DefaultRouter()
router.register("bots", BotViewSet, basename="bot")
router.register("bot-batches", BatchViewSet, basename="bot-batch")
router.register("bot-matches", MatchViewSet, basename="bot-match")
urlpatterns = router.urls
