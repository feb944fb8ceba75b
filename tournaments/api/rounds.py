from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from tournaments.models import Round, Seat, Table
from tournaments.permissions import access_event, access_round


class SeatSerializer(serializers.ModelSerializer):
    entrant = serializers.CharField(source="entrant.name")

    class Meta:
        model = Seat
        fields = ["id", "position", "entrant_id", "entrant"]


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True)
    has_result = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "number", "is_bye", "seats", "explanation", "has_result"]

    def get_has_result(self, table) -> bool:
        return hasattr(table, "result")


class RoundSerializer(serializers.ModelSerializer):
    tables = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = ["number", "status", "paired_at", "override_reason", "tables"]

    @extend_schema(responses=TableSerializer(many=True))
    def get_tables(self, round_) -> list:
        tables = round_.tables.prefetch_related("seats__entrant").select_related("result")
        return TableSerializer(tables, many=True).data


@extend_schema(responses=RoundSerializer(many=True))
@api_view(["GET"])
def round_list(request, slug):
    """Every round of a visible event, with its tables, seats and explanations."""
    event = access_event(request.user, slug)
    return Response(RoundSerializer(event.rounds.all(), many=True).data)


@extend_schema(responses=RoundSerializer)
@api_view(["GET"])
def round_detail(request, slug, number):
    return Response(RoundSerializer(access_round(request.user, slug, number)).data)
