"""The result workflow over HTTP: submit, confirm, dispute, resolve, override."""

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from lib.api_fields import BoundedJSONField, ModelSerializer
from lib.api_validation import validated
from lib.compiled import CompiledQuery
from scoring import deciding, entering
from scoring.idempotency import IDEMPOTENCY, idempotent
from scoring.models import Submission
from tournaments.models import Table
from tournaments.permissions import (
    can_settle_table,
    can_view_table,
    is_event_organiser,
    is_player_of_table,
)


class SubmissionSerializer(ModelSerializer):
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
            "basis",
        ]


# How the serializer writes a timestamp (ISO 8601 in the current time zone, UTC as "Z").
TIMESTAMP = serializers.DateTimeField()


def submission_answer(submission: Submission) -> dict:
    """The answer about a submission: ``SubmissionSerializer``'s fields (the schema) as
    plain values. Building the serializer and copying its fields for each answer was
    about a sixth of a confirmation's CPU in the round-end rush.
    ``tests/scoring/test_submission_answer.py`` checks it against the serializer."""
    return {
        "id": submission.pk,
        "table": submission.table_id,
        "kind": submission.kind,
        "status": submission.status,
        "entry": submission.entry,
        "answer": submission.answer,
        "rules_version": submission.rules_version,
        "complete": bool(submission.is_complete),
        "submitted_by": str(submission.submitted_by),
        "created_at": TIMESTAMP.to_representation(submission.created_at),
        "decided_at": TIMESTAMP.to_representation(submission.decided_at),
        "basis": submission.basis,
    }


BASIS_HELP = (
    "The `basis` of the entry this write was made against, as read from the table's "
    'submissions ("" when the client saw none): when it has changed since, the write '
    "is refused with 409 instead of acting on what the client did not see."
)


class BasisSerializer(serializers.Serializer):
    basis = serializers.CharField(
        required=False, allow_blank=True, max_length=40, help_text=BASIS_HELP
    )


class EntrySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Submission.Kind.choices)
    entry = BoundedJSONField()
    round = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=100,
        help_text="The round this entry enters: `entry` is then that one round, entered on "
        "top of the rounds stored before it. Without it, `entry` holds the rounds so far.",
    )


class OverrideSerializer(BasisSerializer):
    kind = serializers.ChoiceField(choices=Submission.Kind.choices)
    entry = BoundedJSONField()
    reason = serializers.CharField()


class DisputeSerializer(BasisSerializer):
    comment = serializers.CharField()


class ResolveSerializer(BasisSerializer):
    accept = serializers.BooleanField()
    reason = serializers.CharField()


def answer(action):
    """Run a workflow step and answer the submission it leaves (201; for an entry, 200
    when it extended the game in progress or agreed with what was stored); its refusals
    (400, 409 for a conflict) and permission refusals (403) go to the API's exception
    handler."""
    done = action()
    if isinstance(done, entering.Entered):
        return Response(submission_answer(done.submission), status=201 if done.created else 200)
    return Response(submission_answer(done), status=201)


# What the result workflow's writes look up first (the round-end rush sends a thousand),
# compiled once per process (``lib.compiled``).
TABLE_WITH_EVENT = CompiledQuery(
    lambda table_id: Table.objects.select_related("round__event").filter(pk=table_id).order_by(),
    -7,
)
SUBMISSION_WITH_TABLE = CompiledQuery(
    lambda submission_id: (
        Submission.objects.select_related("table__round__event").filter(pk=submission_id).order_by()
    ),
    -7,
)


def found_or_404(query: CompiledQuery, pk: int):
    found = query.fetch(pk)
    if not found:
        raise Http404
    return found[0]


def require(allowed: bool, message: str) -> None:
    """Permission before validation: someone who may not act gets 403 whatever the body,
    never a 400 that lists the fields it should have sent."""
    if not allowed:
        raise exceptions.PermissionDenied(message)


def require_organiser(user, table: Table) -> None:
    """Settling and overriding: an organiser, or a judge of the table."""
    require(
        can_settle_table(user, table),
        _("Only an organiser or a judge of this table may do that."),
    )


def require_player(user, table: Table) -> None:
    require(
        is_player_of_table(user, table),
        _("Only the players of this table may confirm or dispute."),
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
    "far (or one round with `round`) and extends the same entry (201 when new, 200 when "
    "extended), which nobody confirms until it holds every round. Rounds entered meanwhile "
    "with the same content are an agreement (200, nothing added). 400 with the scorer's "
    "error when it cannot be; 409 when what was sent differs from what is stored (the "
    "`error.conflict` object gives the round, both versions and who entered the stored "
    "one), or while the table's game is played on the site.",
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@idempotent
def table_submissions(request, table_id):
    table = found_or_404(TABLE_WITH_EVENT, table_id)
    if request.method == "GET":
        if not can_view_table(request.user, table):
            return Response({"detail": "Permission denied."}, status=403)
        rows = table.submissions.select_related("submitted_by")
        return Response([submission_answer(row) for row in rows])
    require(
        is_player_of_table(request.user, table)
        or is_event_organiser(request.user, table.round.event),
        _("Only the players of this table or an organiser may do that."),
    )
    v = validated(EntrySerializer, request.data)
    return answer(
        lambda: entering.do_enter_result(
            table, v["kind"], v["entry"], request.user, round_number=v.get("round")
        )
    )


@extend_schema(
    request=OverrideSerializer, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def table_override(request, table_id):
    """An organiser enters or replaces the table's result (the whole game, or Call to
    Glory game totals), with a reason; a site game under way at the table ends abandoned."""
    table = found_or_404(TABLE_WITH_EVENT, table_id)
    require_organiser(request.user, table)
    v = validated(OverrideSerializer, request.data)
    return answer(
        lambda: deciding.do_override_result(
            table, v["kind"], v["entry"], request.user, v["reason"], basis=v.get("basis")
        )
    )


def submission_or_404(submission_id) -> Submission:
    return found_or_404(SUBMISSION_WITH_TABLE, submission_id)


@extend_schema(
    request=BasisSerializer, responses={201: SubmissionSerializer}, parameters=[IDEMPOTENCY]
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@idempotent
def confirm(request, submission_id):
    """Another registered player of the table confirms the complete entry once (an
    organiser, when no other registered player sits there). 409 while the game is in
    progress, or when the entry changed since `basis`."""
    v = validated(BasisSerializer, request.data)
    basis = v.get("basis")
    # Nothing read before the table's lock: the submission is found through it by its id.
    submission = Submission(pk=submission_id)
    try:
        return answer(lambda: deciding.do_confirm_result(submission, request.user, basis=basis))
    except Submission.DoesNotExist:
        raise Http404 from None


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
    v = validated(DisputeSerializer, request.data)
    return answer(
        lambda: deciding.do_dispute_result(
            submission, request.user, v["comment"], basis=v.get("basis")
        )
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
    v = validated(ResolveSerializer, request.data)
    return answer(
        lambda: deciding.do_resolve_dispute(
            submission, request.user, v["accept"], v["reason"], basis=v.get("basis")
        )
    )
