"""The result workflow over HTTP: submit, confirm, dispute, resolve, override."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from scoring import submissions as flow
from scoring.entries import EntryRefused
from scoring.idempotency import HEADER, idempotent
from scoring.models import Submission
from tournaments.models import Table
from tournaments.permissions import can_view_event


class SubmissionSerializer(serializers.ModelSerializer):
    submitted_by = serializers.StringRelatedField()

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
    """Run a workflow step and turn its refusals into clear HTTP answers."""
    try:
        submission = action()
    except PermissionDenied as exc:
        return Response({"detail": str(exc) or "Permission denied."}, status=403)
    except EntryRefused as exc:
        return Response({"detail": "The entry cannot be.", "error": exc.error}, status=400)
    except (flow.SubmissionConflict, flow.ActionRefused) as exc:
        return Response({"detail": str(exc)}, status=409)
    return Response(SubmissionSerializer(submission).data, status=201)


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
    responses={201: SubmissionSerializer},
    parameters=[IDEMPOTENCY],
    description="Submit a table's result (a player of the table or an organiser). 400 with "
    "the scorer's error when it cannot be; 409 when one is already waiting.",
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent
def table_submissions(request, table_id):
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
    if request.method == "GET":
        if not can_view_event(request.user, table.round.event):
            return Response({"detail": "Permission denied."}, status=403)
        rows = table.submissions.select_related("submitted_by")
        return Response(SubmissionSerializer(rows, many=True).data)
    data = EntrySerializer(data=request.data)
    data.is_valid(raise_exception=True)
    return answer(
        lambda: flow.do_submit_result(
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
    """Another player of the table confirms the result."""
    submission = submission_or_404(submission_id)
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
    data = ResolveSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    v = data.validated_data
    return answer(
        lambda: flow.do_resolve_dispute(submission, request.user, v["accept"], v["reason"])
    )
