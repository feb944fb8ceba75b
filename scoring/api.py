"""The result workflow over HTTP: submit, confirm, dispute, resolve, override."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from scoring import submissions as flow
from scoring.idempotency import HEADER, idempotent
from scoring.models import Submission
from tournaments.models import Table
from tournaments.permissions import can_view_table, is_event_organiser, is_player_of_table


class SubmissionSerializer(serializers.ModelSerializer):
    submitted_by = serializers.StringRelatedField()
    complete = serializers.BooleanField(source="is_complete", read_only=True)

    class Meta:
        model = Submission
        fields = [
            "id",
            "table",
            "kind",
            "status",
            "entry",
            "answer",
            "rules_version",
            "complete",
            "submitted_by",
            "created_at",
            "decided_at",
        ]


class EntrySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Submission.Kind.choices)
    entry = serializers.JSONField()


class OverrideSerializer(EntrySerializer):
    reason = serializers.CharField()


class DisputeSerializer(serializers.Serializer):
    comment = serializers.CharField()


class ResolveSerializer(serializers.Serializer):
    accept = serializers.BooleanField()
    reason = serializers.CharField()


def answer(action):
    """Run a workflow step and answer the submission it leaves (201; 200 when a game in
    progress was extended or sent again); its refusals (400, 409 for a conflict) and
    permission refusals (403) go to the API's exception handler."""
    submission, status = action(), 201
    if isinstance(submission, tuple):  # (the entry, whether it is new)
        submission, created = submission
        status = 201 if created else 200
    return Response(SubmissionSerializer(submission).data, status=status)


def require(allowed: bool, message: str) -> None:
    """Permission before validation: someone who may not act gets 403 whatever the body,
    never a 400 that lists the fields it should have sent."""
    if not allowed:
        raise exceptions.PermissionDenied(message)


def require_organiser(user, table: Table) -> None:
    require(
        is_event_organiser(user, table.round.event),
        _("Only an organiser of the event may do that."),
    )


def require_player(user, table: Table) -> None:
    require(
        is_player_of_table(user, table),
        _("Only the players of this table may confirm or dispute."),
    )


IDEMPOTENCY = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Send the same key when retrying: the stored answer is replayed.",
)


@extend_schema(
    methods=["GET"],
    responses=SubmissionSerializer(many=True),
    description="The table's submissions, newest first.",
)
@extend_schema(
    methods=["POST"],
    request=EntrySerializer,
    responses={201: SubmissionSerializer, 200: SubmissionSerializer},
    parameters=[IDEMPOTENCY],
    description="Enter a table's result (a player of the table or an organiser). A Call to "
    "Glory game is entered round by round as it is played: each POST holds the rounds so "
    "far and extends the same entry (201 when new, 200 when extended), which nobody "
    "confirms until it holds every round. 400 with the scorer's error when it cannot be; "
    "409 when a complete entry already waits or the rounds so far differ from those saved.",
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent
def table_submissions(request, table_id):
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    if request.method == "GET":
        if not can_view_table(request.user, table):
            return Response({"detail": "Permission denied."}, status=403)
        rows = table.submissions.select_related("submitted_by")
        return Response(SubmissionSerializer(rows, many=True).data)
    require(
        is_player_of_table(request.user, table)
        or is_event_organiser(request.user, table.round.event),
        _("Only the players of this table or an organiser may do that."),
    )
    data = EntrySerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return answer(
        lambda: flow.do_enter_result(
            table, data.validated_data["kind"], data.validated_data["entry"], request.user
        )
    )


@extend_schema(
    request=OverrideSerializer, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def table_override(request, table_id):
    """An organiser enters or replaces the table's result, with a reason."""
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    require_organiser(request.user, table)
    data = OverrideSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    v = data.validated_data
    return answer(
        lambda: flow.do_override_result(table, v["kind"], v["entry"], request.user, v["reason"])
    )


def submission_or_404(submission_id) -> Submission:
    return get_object_or_404(
        Submission.objects.select_related("table__round__event"), pk=submission_id
    )


@extend_schema(request=None, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY])
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def confirm(request, submission_id):
    """Another registered player of the table confirms the complete entry once (an
    organiser, when no other registered player sits there). 409 while the game is in
    progress."""
    # Only what finds its table: the submission is read again under the table's lock.
    submission = get_object_or_404(Submission.objects.only("table_id"), pk=submission_id)
    return answer(lambda: flow.do_confirm_result(submission, request.user))


@extend_schema(
    request=DisputeSerializer, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def dispute(request, submission_id):
    """Another player of the table disputes the result, saying what is wrong."""
    submission = submission_or_404(submission_id)
    require_player(request.user, submission.table)
    data = DisputeSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return answer(
        lambda: flow.do_dispute_result(submission, request.user, data.validated_data["comment"])
    )


@extend_schema(
    request=ResolveSerializer, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def resolve(request, submission_id):
    """An organiser accepts or rejects a waiting or disputed result, with a reason."""
    submission = submission_or_404(submission_id)
    require_organiser(request.user, submission.table)
    data = ResolveSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    v = data.validated_data
    return answer(
        lambda: flow.do_resolve_dispute(submission, request.user, v["accept"], v["reason"])
    )
