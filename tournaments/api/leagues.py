from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.archiving import do_archive_league, do_delete_league
from tournaments.leaderboard import SORTS, Leaderboard
from tournaments.leagues import do_create_league
from tournaments.models import League
from tournaments.permissions import access_league, access_league_as_organiser, visible_leagues


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description", "visibility", "created_at", "is_archived"]
        read_only_fields = ["is_archived"]


class LeaderboardLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="by points, then wins; equal lines share it")
    name = serializers.CharField()
    events = serializers.IntegerField(help_text="events entered in the league")
    wins = serializers.IntegerField(help_text="tables won (first place)")
    points = serializers.FloatField(help_text="the sum of their events' standings points")
    rating = serializers.FloatField(allow_null=True, help_text="league rating, μ − 3σ")


class LeaderboardSerializer(serializers.Serializer):
    season = serializers.CharField(allow_null=True, help_text="the season's name, or all")
    game = serializers.CharField(allow_null=True, help_text="the game's key, or all")
    sort = serializers.ChoiceField(choices=SORTS)
    results = LeaderboardLineSerializer(many=True)


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

    @extend_schema(
        responses=LeaderboardSerializer,
        parameters=[
            OpenApiParameter("season", int, description="one season's id; all seasons if left out"),
            OpenApiParameter("sort", str, enum=SORTS, description="the column to order by"),
            OpenApiParameter(
                "game", str, description="one game's key; every game the league plays if left out"
            ),
        ],
    )
    @action(detail=True, methods=["get"])
    def leaderboard(self, request, slug=None):
        """Every person across the league's events the reader may see."""
        league, events = access_league(request.user, slug)
        board = Leaderboard(
            league,
            events,
            request.GET.get("season"),
            request.GET.get("sort"),
            request.GET.get("game"),
        )
        answer = {
            "season": board.season.name if board.season else None,
            "game": board.game,
            "sort": board.sort,
            "results": board.lines,
        }
        return Response(LeaderboardSerializer(answer).data)

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
