from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from tournaments.api.round_clock import ClockSerializer
from tournaments.api.round_tables import round_tables, written_tables
from tournaments.models import Round, Seat, SeatResult, Table
from tournaments.pairing import (
    do_discard_round,
    do_publish_round,
    do_repair_round,
    do_swap_seats,
)
from tournaments.permissions import (
    access_event,
    access_round,
    access_round_as_organiser,
    visible_rounds,
)
from tournaments.round_cache import cached, encoded_answer, round_version
from tournaments.round_clock import clock_of


class SeatSerializer(serializers.ModelSerializer):
    entrant = serializers.CharField(source="entrant.name")

    class Meta:
        model = Seat
        fields = ["id", "position", "entrant_id", "entrant"]


class SeatResultSerializer(serializers.ModelSerializer):
    class Meta:
        model = SeatResult
        fields = ["position", "entrant_id", "score", "place", "points"]


class TableSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True)
    has_result = serializers.SerializerMethodField()
    result = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "number", "is_bye", "seats", "explanation", "has_result", "result"]

    def get_has_result(self, table) -> bool:
        return hasattr(table, "result")

    @extend_schema_field(SeatResultSerializer(many=True, allow_null=True))
    def get_result(self, table):
        if not hasattr(table, "result"):
            return None
        return SeatResultSerializer(table.result.seats.all(), many=True).data


class RoundSerializer(serializers.ModelSerializer):
    tables = serializers.SerializerMethodField()
    clock = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "draft",
            "revision",
            "paired_at",
            "override_reason",
            "clock",
            "tables",
        ]

    @extend_schema_field(ClockSerializer)
    def get_clock(self, round_) -> dict:
        return clock_of(round_)

    @extend_schema(responses=TableSerializer(many=True))
    def get_tables(self, round_) -> list:
        """A round just paired answers what was written (``store_tables``), else it
        is read."""
        written = round_.tables_written
        return round_tables(round_) if written is None else written_tables(written)


@extend_schema(responses=RoundSerializer(many=True))
@api_view(["GET"])
def round_list(request, slug):
    """Every round of a visible event, with its tables, seats and explanations (a
    draft round only to organisers)."""
    event = access_event(request.user, slug)
    return Response(RoundSerializer(visible_rounds(request.user, event), many=True).data)


@extend_schema(responses=RoundSerializer)
@api_view(["GET"])
def round_detail(request, slug, number):
    """A round with its tables, seats and results; serialized once per round version
    (see ``tournaments.round_cache``)."""
    round_ = access_round(request.user, slug, number)
    version = round_version(round_)
    if isinstance(request.accepted_renderer, JSONRenderer):
        key = ["round-api", round_.pk, version]
        return encoded_answer(request, key, lambda: RoundSerializer(round_).data)
    return Response(cached(round_, version, "api", lambda: RoundSerializer(round_).data))


class RoundChangeSerializer(serializers.Serializer):
    basis = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="the round's revision the change was chosen from: 409 if it moved on",
    )


class RepairSerializer(RoundChangeSerializer):
    differently = serializers.BooleanField(
        required=False, default=False, help_text="pair from a new seed, so the tables change"
    )


@extend_schema(request=RepairSerializer, responses=RoundSerializer)
@api_view(["POST"])
def round_repair(request, slug, number):
    """Pair the latest round again (organisers, before any result)."""
    round_ = access_round_as_organiser(request.user, slug, number)
    form = RepairSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    chosen = form.validated_data
    round_ = do_repair_round(
        round_, by=request.user, differently=chosen["differently"], basis=chosen.get("basis")
    )
    return Response(RoundSerializer(round_).data)


def basis_asked(request) -> int | None:
    form = RoundChangeSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    return form.validated_data.get("basis")


@extend_schema(request=RoundChangeSerializer, responses=RoundSerializer)
@api_view(["POST"])
def round_publish(request, slug, number):
    """Publish a draft round (organisers): only now do its players see their tables and
    are told them by e-mail; 409 when it is published already, or paired again since
    `basis`."""
    round_ = access_round_as_organiser(request.user, slug, number)
    published = do_publish_round(round_, by=request.user, basis=basis_asked(request))
    return Response(RoundSerializer(published).data)


@extend_schema(request=RoundChangeSerializer, responses={204: None})
@api_view(["POST"])
def round_discard(request, slug, number):
    """Throw away a draft round (organisers): the event is back where it was before it
    was paired; 409 when the round is not the latest draft, or changed since `basis`."""
    round_ = access_round_as_organiser(request.user, slug, number)
    do_discard_round(round_, by=request.user, basis=basis_asked(request))
    return Response(status=204)


class SwapSerializer(RoundChangeSerializer):
    first = serializers.IntegerField(help_text="seat id")
    second = serializers.IntegerField(help_text="seat id")


@extend_schema(request=SwapSerializer, responses=RoundSerializer)
@api_view(["POST"])
def round_swap(request, slug, number):
    """Exchange two seated entrants of a round (organisers, before any result)."""
    round_ = access_round_as_organiser(request.user, slug, number)
    form = SwapSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    chosen = form.validated_data
    do_swap_seats(
        round_, chosen["first"], chosen["second"], by=request.user, basis=chosen.get("basis")
    )
    round_.refresh_from_db()
    return Response(RoundSerializer(round_).data)
