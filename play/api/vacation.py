"""The API of vacations (``play.vacation``): the clock of your correspondence games
stands still while you are away."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from play.vacation import current_or_next, days_left, do_end_vacation, do_take_vacation


class VacationRequestSerializer(serializers.Serializer):
    days = serializers.IntegerField(help_text="whole days, within what is left of the year's")
    starts = serializers.DateTimeField(required=False, help_text="default: now")


class VacationSerializer(serializers.Serializer):
    starts = serializers.DateTimeField(source="starts_at")
    ends = serializers.DateTimeField(source="ends_at")


class VacationStateSerializer(serializers.Serializer):
    vacation = VacationSerializer(allow_null=True, help_text="the current or next one")
    days_left = serializers.IntegerField(help_text="vacation days left this year")


def state(user) -> Response:
    vacation = current_or_next(user)
    return Response(
        {
            "vacation": vacation and VacationSerializer(vacation).data,
            "days_left": days_left(user, timezone.now().year),
        }
    )


@extend_schema(methods=["GET", "DELETE"], request=None, responses={200: VacationStateSerializer})
@extend_schema(
    methods=["POST"], request=VacationRequestSerializer, responses={200: VacationStateSerializer}
)
@api_view(["GET", "POST", "DELETE"])
@permission_classes([IsAuthenticated])
def vacation(request):
    """GET: your current or next vacation and the days left this year. POST: take a
    vacation (400 past the year's allowance or in the past; 409 overlapping another).
    DELETE: end the current vacation now, or call off the next (409 if none)."""
    if request.method == "POST":
        form = VacationRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        do_take_vacation(
            request.user, form.validated_data["days"], form.validated_data.get("starts")
        )
    elif request.method == "DELETE":
        do_end_vacation(request.user)
    return state(request.user)
