from rest_framework import mixins, permissions, serializers, viewsets

from tournaments.leagues import do_create_league
from tournaments.models import League
from tournaments.permissions import visible_leagues


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description", "visibility", "created_at"]


class LeagueViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """Leagues: anyone reads the public ones; a logged-in user creates one and
    organises it."""

    serializer_class = LeagueSerializer
    lookup_field = "slug"
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        return visible_leagues(self.request.user)

    def perform_create(self, serializer):
        serializer.instance = do_create_league(self.request.user, **serializer.validated_data)
