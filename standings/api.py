"""The league's leaderboard in the API: ``GET /api/leagues/SLUG/leaderboard/``."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from standings.leaderboard import SORTS, Leaderboard
from tournaments.permissions import access_league


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
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticatedOrReadOnly])
def leaderboard(request, slug):
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
