from rest_framework import serializers, viewsets

from tournaments.models import Event, League, Visibility


class LeagueSerializer(serializers.ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "description", "visibility", "created_at"]


class EventSerializer(serializers.ModelSerializer):
    league = serializers.SlugRelatedField(source="season.league", slug_field="slug", read_only=True)

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "slug",
            "league",
            "game",
            "format",
            "table_size",
            "rounds_planned",
            "status",
            "visibility",
        ]


class LeagueViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = LeagueSerializer
    queryset = League.objects.filter(visibility=Visibility.PUBLIC)
    lookup_field = "slug"


class EventViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = EventSerializer
    queryset = Event.objects.filter(visibility=Visibility.PUBLIC).select_related("season__league")
    lookup_field = "slug"
