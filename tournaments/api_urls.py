from rest_framework.routers import DefaultRouter

from tournaments import api

router = DefaultRouter()
router.register("leagues", api.LeagueViewSet, basename="league")
router.register("events", api.EventViewSet, basename="event")
urlpatterns = router.urls
