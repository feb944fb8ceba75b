"""Check-in every round over HTTP: a player checks in for their round (an organiser for
anyone), an organiser closes the check-in early and undoes a forfeit with a reason;
anyone who sees the round reads who is here and who forfeited."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from tournaments.models import Forfeit, RoundCheckIn
from tournaments.permissions import (
    access_forfeit_as_organiser,
    access_round,
    access_round_as_organiser,
    access_round_seat_for_check_in,
)
from tournaments.round_check_in import do_check_in_for_round, window_open
from tournaments.round_forfeits import do_close_check_in, do_undo_forfeit


class ForfeitSerializer(serializers.ModelSerializer):
    entrant = serializers.CharField(source="entrant.name")
    table = serializers.IntegerField(source="table.number")
    undone = serializers.SerializerMethodField()

    class Meta:
        model = Forfeit
        fields = ["entrant_id", "entrant", "table", "dropped", "undone", "undo_reason"]

    def get_undone(self, forfeit) -> bool:
        return not forfeit.stands


class AttendanceSerializer(serializers.Serializer):
    open = serializers.BooleanField(help_text="players may check in now")
    closes_at = serializers.DateTimeField(allow_null=True, help_text="null: no check-in")
    closed_at = serializers.DateTimeField(allow_null=True)
    checked_in = serializers.ListField(
        child=serializers.IntegerField(), help_text="the entrants' ids who are here"
    )
    forfeits = ForfeitSerializer(many=True)
    now = serializers.DateTimeField()


class RoundCheckInSerializer(serializers.Serializer):
    entrant = serializers.IntegerField(
        required=False, help_text="an organiser checks this entrant in; else yourself"
    )


class UndoSerializer(serializers.Serializer):
    reason = serializers.CharField(
        allow_blank=True, max_length=2000, help_text="why (the players see it)"
    )


def attendance_of(round_) -> dict:
    here = RoundCheckIn.objects.filter(round=round_).order_by("entrant_id")
    forfeits = round_.forfeits.select_related("entrant", "table")
    return AttendanceSerializer(
        {
            "open": window_open(round_),
            "closes_at": round_.check_in_closes_at,
            "closed_at": round_.check_in_closed_at,
            "checked_in": list(here.values_list("entrant_id", flat=True)),
            "forfeits": list(forfeits),
            "now": timezone.now(),
        }
    ).data


@extend_schema(responses=AttendanceSerializer)
@api_view(["GET"])
def round_attendance(request, slug, number):
    """Who checked in for the round and who forfeited their seat."""
    return Response(attendance_of(access_round(request.user, slug, number)))


@extend_schema(request=RoundCheckInSerializer, responses=AttendanceSerializer)
@api_view(["POST"])
def round_check_in(request, slug, number):
    """Check in for the round: yourself, or (an organiser) the ``entrant``; 409 once
    the window is closed."""
    form = RoundCheckInSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    round_, entrant = access_round_seat_for_check_in(
        request.user, slug, number, form.validated_data.get("entrant")
    )
    do_check_in_for_round(round_, entrant, by=request.user)
    round_.refresh_from_db()
    return Response(attendance_of(round_))


@extend_schema(request=None, responses=AttendanceSerializer)
@api_view(["POST"])
def round_close_check_in(request, slug, number):
    """Close the round's check-in now (organisers; only when the life cycle offers it,
    else 409 naming the stage): whoever has not checked in forfeits their seat."""
    round_ = access_round_as_organiser(request.user, slug, number)
    do_close_check_in(round_, by=request.user)
    round_.refresh_from_db()
    return Response(attendance_of(round_))


@extend_schema(request=UndoSerializer, responses=ForfeitSerializer)
@api_view(["POST"])
def forfeit_undo(request, slug, number, entrant_id):
    """Undo the entrant's forfeit of the round, with a reason (organisers): a result the
    forfeit rule made is taken back; an entrant it dropped is back in."""
    forfeit = access_forfeit_as_organiser(request.user, slug, number, entrant_id)
    form = UndoSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    forfeit = do_undo_forfeit(forfeit, request.user, form.validated_data["reason"])
    return Response(ForfeitSerializer(forfeit).data)
