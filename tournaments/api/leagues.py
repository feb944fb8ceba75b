from drf_spectacular.utils import extend_schema
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.archiving import do_archive_league, do_delete_league
from tournaments.leagues import do_create_league
from tournaments.models import League
from tournaments.permissions import access_league_as_organiser, visible_leagues


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description", "visibility", "created_at", "is_archived"]
        read_only_fields = ["is_archived"]


class LeagueViewSet(
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    viewsets.ReadOnlyModelViewSet,
):
    """Leagues: anyone reads the public ones; a logged-in user creates one and
    organises it; its organisers edit, archive or delete it (while no result is
    recorded in it)."""

    serializer_class = LeagueSerializer
    lookup_field = "slug"
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return visible_leagues(self.request.user)

    def get_object(self):
        if self.request.method in ("PATCH", "DELETE"):
            return access_league_as_organiser(self.request.user, self.kwargs["slug"])
        return super().get_object()

    def perform_create(self, serializer):
        serializer.instance = do_create_league(self.request.user, **serializer.validated_data)

    def perform_destroy(self, instance):
        """204 while no result is recorded in the league; after, 409: archive it."""
        do_delete_league(instance)

    @extend_schema(request=None, responses=LeagueSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def archive(self, request, slug=None):
        """Hide the league and its events from the home page and the lists."""
        league = do_archive_league(access_league_as_organiser(request.user, slug))
        return Response(LeagueSerializer(league).data)

    @extend_schema(request=None, responses=LeagueSerializer)
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def unarchive(self, request, slug=None):
        league = access_league_as_organiser(request.user, slug)
        return Response(LeagueSerializer(do_archive_league(league, archived=False)).data)
