"""The room's API: the fast desk (its round, "X of Y reported", each table's waiting
entry; a result typed at the desk; a players' entry confirmed there) and judge calls
(made at a table, listed for the judges, claimed, escalated, resolved, and their extra
minutes given). The fast desk's page speaks it too."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from room import calls, desk
from room.models import JudgeCall
from scoring.api import BASIS_HELP
from scoring.idempotency import IDEMPOTENCY, idempotent
from scoring.views.common import access_table
from tournaments.permissions import access_event_as_judge, access_event_as_scorekeeper


class DeskTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.CharField(), help_text="names, by seat")
    reported = serializers.BooleanField(help_text="the table has its official result")
    basis = serializers.CharField(help_text='the waiting entry\'s basis, "" for none')
    waiting = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        allow_null=True,
        help_text="the players' entry waiting to be confirmed: a place or score per seat",
    )
    waiting_by = serializers.CharField()
    disputed = serializers.BooleanField(help_text="disputed: a judge settles it, not the desk")


class DeskSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="number", allow_null=True)
    kind = serializers.CharField(allow_null=True, help_text="places/1 or scores/1; null: not typed")
    reported = serializers.IntegerField()
    total = serializers.IntegerField()
    missing = serializers.ListField(child=serializers.IntegerField())
    tables = DeskTableSerializer(many=True)


class DeskEntrySerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1, max_value=10_000, help_text="its number")
    values = serializers.ListField(
        child=serializers.IntegerField(allow_null=True, min_value=-(10**9), max_value=10**9),
        max_length=6,
        help_text="a place (places/1) or a score (scores/1) per seat, in seat order",
    )
    basis = serializers.CharField(
        required=False, allow_blank=True, max_length=40, help_text=BASIS_HELP
    )


class DeskConfirmSerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1, max_value=10_000)
    basis = serializers.CharField(max_length=40, help_text=BASIS_HELP)


def desk_answer(event, status=200) -> Response:
    return Response(DeskSerializer(desk.desk_round(event)).data, status=status)


@extend_schema(responses=DeskSerializer)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def desk_state(request, slug):
    """The fast desk's round: its tables, which are reported, and the entries waiting."""
    return desk_answer(access_event_as_scorekeeper(request.user, slug))


@extend_schema(
    request=DeskEntrySerializer, responses={201: DeskSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def desk_enter(request, slug):
    """A table's whole result typed at the desk (an organiser or scorekeeper), saved as an
    organiser's confirmed entry, audited as a desk entry. 409 when the table has its
    result, or an entry the desk did not see (`basis`): confirm that one instead."""
    event = access_event_as_scorekeeper(request.user, slug)
    form = DeskEntrySerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    desk.do_enter(event, data["table"], data["values"], request.user, data.get("basis", ""))
    return desk_answer(event, status=201)


@extend_schema(request=DeskConfirmSerializer, responses=DeskSerializer, parameters=[IDEMPOTENCY])
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def desk_confirm(request, slug):
    """Confirm at the desk the players' entry waiting at a table (not a disputed one)."""
    event = access_event_as_scorekeeper(request.user, slug)
    form = DeskConfirmSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    desk.do_confirm(event, form.validated_data["table"], request.user, form.validated_data["basis"])
    return desk_answer(event)


class JudgeCallSerializer(serializers.ModelSerializer):
    table = serializers.IntegerField(source="table.number")
    round = serializers.IntegerField(source="table.round.number")
    caller = serializers.StringRelatedField()
    judge = serializers.StringRelatedField()
    extra_minutes_offered = serializers.IntegerField(source="paused_minutes")

    class Meta:
        model = JudgeCall
        fields = [
            "id",
            "table",
            "round",
            "status",
            "reason",
            "caller",
            "judge",
            "created_at",
            "claimed_at",
            "resolved_at",
            "extra_minutes_offered",
            "extra_minutes",
            "basis",
        ]


class CallSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=calls.MOST_REASON)


class CallStepSerializer(serializers.Serializer):
    basis = serializers.CharField(
        required=False, max_length=40, help_text="the call's basis as seen"
    )


@extend_schema(request=CallSerializer, responses={201: JudgeCallSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def table_call(request, table_id):
    """A player of the table calls a judge. 409 while the table has a call not resolved,
    and once it has its result."""
    table = access_table(request.user, table_id)
    form = CallSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    call = calls.do_call_judge(table, request.user, form.validated_data.get("reason", ""))
    return Response(JudgeCallSerializer(call).data, status=201)


@extend_schema(responses=JudgeCallSerializer(many=True))
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def event_calls(request, slug):
    """The calls the judges' page shows: not resolved, the longest waiting first, then
    the resolved ones whose extra minutes are still to give."""
    event = access_event_as_judge(request.user, slug)
    return Response(
        JudgeCallSerializer(calls.calls_for_judges(event, request.user), many=True).data
    )


STEPS = {
    "claim": calls.do_claim,
    "escalate": calls.do_escalate,
    "resolve": calls.do_resolve,
    "extra-minutes": calls.do_give_extra_minutes,
}


@extend_schema(request=CallStepSerializer, responses=JudgeCallSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def call_step(request, call_id, step):
    """A judge claims, escalates (to the head judge: the organisers) or resolves a call,
    or gives the table the extra minutes a resolved call offers. 409 when the call
    moved on since `basis`."""
    form = CallStepSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    call = STEPS[step](call_id, request.user, form.validated_data.get("basis"))
    return Response(JudgeCallSerializer(call).data)
